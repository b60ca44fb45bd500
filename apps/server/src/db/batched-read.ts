const ignore = () => undefined;

/**
 * Lets concurrent callers share one run of a read of many keys, without any of them getting an
 * answer older than its own call: a caller waits for the run under way to end, or when none is,
 * for the requests the server read in the same turn of the event loop, and shares the next run
 * with every caller that arrived meanwhile, whatever key each asked for. Under load the read runs
 * once per round for every waiting key: one round trip instead of one per caller, and on the
 * embedded database, whose queries end before the next request is read, one query planned
 * instead of many. A key `readMany` leaves out is answered undefined.
 */
export function batchedRead<Key, T>(
  readMany: (keys: Key[]) => Promise<Map<Key, T>>,
): (key: Key) => Promise<T | undefined> {
  let running: Promise<void> | undefined;
  let waiting: { keys: Set<Key>; answers: Promise<Map<Key, T>> } | undefined;
  const start = (keys: Set<Key>) => {
    const answers = readMany([...keys]);
    const run = answers.then(ignore, ignore).then(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return answers;
  };
  return async (key) => {
    if (!waiting) {
      const keys = new Set<Key>();
      const turn = running ?? new Promise((resolve) => setImmediate(resolve));
      const answers = turn.then(() => {
        waiting = undefined;
        return start(keys);
      });
      waiting = { keys, answers };
    }
    waiting.keys.add(key);
    return (await waiting.answers).get(key);
  };
}
