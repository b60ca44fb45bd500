/**
 * Lets concurrent callers of an expensive read share one run of it, without any of them getting
 * an answer older than its own call: a caller arriving while a run is under way waits for that run
 * to end and shares the next one with every other caller that arrived meanwhile. Under load the
 * read runs at most twice per round, however many callers there are; an idle caller runs it alone.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    const run = read();
    running = run;
    const finished = () => {
      if (running === run) running = undefined;
    };
    run.then(finished, finished);
    return run;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
