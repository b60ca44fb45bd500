const ignore = () => undefined;

/**
 * Lets concurrent callers of an expensive read of the same key share one run of it, without any
 * of them getting an answer older than its own call: a caller arriving while a run for its key is
 * under way waits for that run to end and shares the next one with every other caller that arrived
 * meanwhile. Under load the read runs at most twice per round and key, however many callers there
 * are; an idle caller runs it alone.
 */
export function sharedRead<T, Key = void>(
  read: (key: Key) => Promise<T>,
): (key: Key) => Promise<T> {
  const runs = new Map<Key, { running: Promise<T>; next?: Promise<T> }>();
  const start = (key: Key) => {
    const running = read(key);
    runs.set(key, { running });
    const finished = () => {
      if (runs.get(key)?.running === running) runs.delete(key);
    };
    running.then(finished, finished);
    return running;
  };
  return (key) => {
    const run = runs.get(key);
    if (!run) return start(key);
    run.next ??= run.running.then(ignore, ignore).then(() => start(key));
    return run.next;
  };
}
