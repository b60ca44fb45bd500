import { LRUCache } from 'lru-cache';
import type { AppDatabase } from './client';
import {
  type CommitState,
  commitState,
  type Dependencies,
  settledCommitState,
} from './commit-state';

interface Entry<T> {
  state: string;
  answer: Promise<T>;
}

/**
 * Answers `read()` for `key`, from memory while no write to the tables it depends on has
 * committed since it last ran. A key always names the same dependencies. `state` is the commit
 * state when the caller already reads one after it arrived (a request reads one for its session
 * and its answer alike); it may be left unawaited, so its failure is the caller's to handle.
 */
export type ReadCache<T> = (
  key: string,
  dependencies: Dependencies,
  read: () => Promise<T>,
  state?: Promise<CommitState>,
) => Promise<T>;

/**
 * How much a cache keeps: a number of answers, or a total size of answers measured by `sizeOf`
 * (for answers of very different sizes, such as one record and a page of a hundred).
 */
export type CacheLimit<T> =
  | { maxEntries: number }
  | { maxSize: number; sizeOf: (answer: T) => number };

/**
 * A cache of reads whose answer depends only on the data and the key (never on the clock or on
 * who asks), answered again for as long as no write to the tables it depends on has committed.
 * The database's commit state is read on every call, after the call arrived, and an answer is
 * kept under a state read before its computation began: a caller in that same state arrived
 * before any such write committed, so no caller gets data older than it could have seen, and
 * concurrent callers share one computation. Beyond its limit, the least recently asked answers
 * are dropped first; an answer larger than the whole limit is not kept.
 */
export function readCache<T>(db: AppDatabase, limit: CacheLimit<T>): ReadCache<T> {
  const entries = new LRUCache<string, Entry<T>>(
    'sizeOf' in limit ? { maxSize: limit.maxSize } : { max: limit.maxEntries },
  );
  const sizeOf = 'sizeOf' in limit ? limit.sizeOf : undefined;
  // An answer being computed counts as 1 until its size is known.
  const pending = sizeOf && { size: 1 };
  const keep = (key: string, state: string, read: () => Promise<T>) => {
    const entry = { state, answer: read() };
    entries.set(key, entry, pending);
    entry.answer.then(
      (answer) => {
        // As a new value: the cache takes a new size only with one.
        if (sizeOf && entries.peek(key) === entry) {
          entries.set(key, { ...entry }, { size: sizeOf(answer) });
        }
      },
      () => {
        if (entries.peek(key) === entry) entries.delete(key);
      },
    );
    return entry.answer;
  };
  return async (key, dependencies, read, stateRead) => {
    // With no answer kept to compare, the caller's own state would decide nothing: the read
    // begins at once, and its answer is kept under the last state read before it began. A later
    // caller in that state arrived before any write since, so the answer is as new as it needs.
    const settled = entries.has(key) ? undefined : settledCommitState(db);
    if (settled) return keep(key, settled(dependencies), read);
    const state = (await (stateRead ?? commitState(db)))(dependencies);
    const known = entries.get(key);
    if (known?.state === state) return known.answer;
    return keep(key, state, read);
  };
}
