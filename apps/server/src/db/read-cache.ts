import type { AppDatabase } from './client';
import { type CommitState, commitState, type Dependencies } from './commit-state';

interface Entry<T> {
  state: string;
  answer: Promise<T>;
}

/**
 * Answers `read()` for `key`, from memory while no write to the tables it depends on has
 * committed since it last ran. A key always names the same dependencies. `state` is the commit
 * state when the caller already read one after it arrived (a request reads one for its session
 * and its answer alike).
 */
export type ReadCache<T> = (
  key: string,
  dependencies: Dependencies,
  read: () => Promise<T>,
  state?: Promise<CommitState>,
) => Promise<T>;

/**
 * A cache of reads whose answer depends only on the data and the key (never on the clock or on
 * who asks), answered again for as long as no write to the tables it depends on has committed.
 * The database's commit state is read on every call, after the call arrived, and an answer is
 * kept under the state read before its computation began: a caller in that same state arrived
 * before any such write committed, so no caller gets data older than it could have seen, and
 * concurrent callers share one computation. At most `maxEntries` keys are kept, the least
 * recently asked dropped first.
 */
export function readCache<T>(
  db: AppDatabase,
  { maxEntries }: { maxEntries: number },
): ReadCache<T> {
  const entries = new Map<string, Entry<T>>();
  const forget = (key: string, entry: Entry<T>) => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  return async (key, dependencies, read, stateRead = commitState(db)) => {
    const state = (await stateRead)(dependencies);
    const known = entries.get(key);
    entries.delete(key);
    if (known?.state === state) {
      entries.set(key, known);
      return known.answer;
    }
    const entry = { state, answer: read() };
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    entry.answer.catch(() => forget(key, entry));
    return entry.answer;
  };
}
