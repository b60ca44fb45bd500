import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase } from '../test/database';
import type { Database } from './client';
import type { CommitState } from './commit-state';
import { readCache } from './read-cache';
import { batches } from './schema';

let database: Database;
beforeAll(async () => {
  // The embedded engine, which no other test writes meanwhile (commit-state.test.ts checks what
  // PostgreSQL's state follows).
  database = await createPgliteDatabase();
});
afterAll(() => database.close());

const BATCHES = { batches: 'rows' } as const;

let nextYear = 2100;
function insertBatch() {
  nextYear += 5;
  return database.db.insert(batches).values({ startYear: nextYear, endYear: nextYear + 4 });
}

/** A read that counts its runs and answers the number of batches. */
function countingRead() {
  let runs = 0;
  const read = async () => {
    runs += 1;
    return (await database.db.select().from(batches)).length;
  };
  return { read, runs: () => runs };
}

/** Lets the cache's check after a computation complete. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('readCache', () => {
  it('answers again without reading while nothing commits', async () => {
    const cache = readCache<number>(database.db, { maxEntries: 10 });
    const { read, runs } = countingRead();
    const first = await cache('batches', BATCHES, read);
    await settled();

    expect(await cache('batches', BATCHES, read)).toBe(first);
    expect(await cache('batches', BATCHES, read)).toBe(first);
    expect(runs()).toBe(1);
  });

  it('reads again once a write has committed, and sees it', async () => {
    const cache = readCache<number>(database.db, { maxEntries: 10 });
    const { read, runs } = countingRead();
    const before = await cache('batches', BATCHES, read);
    await settled();
    await insertBatch();

    expect(await cache('batches', BATCHES, read)).toBe(before + 1);
    expect(runs()).toBe(2);
  });

  it('lets concurrent callers share one read', async () => {
    const cache = readCache<number>(database.db, { maxEntries: 10 });
    const { read, runs } = countingRead();
    const answers = await Promise.all([1, 2, 3, 4].map(() => cache('batches', BATCHES, read)));

    expect(new Set(answers).size).toBe(1);
    expect(runs()).toBe(1);
  });

  it('keeps no answer computed while a write committed', async () => {
    const cache = readCache<number>(database.db, { maxEntries: 10 });
    const { read, runs } = countingRead();
    await cache('batches', BATCHES, async () => {
      const count = await read();
      await insertBatch();
      return count;
    });
    await settled();
    const after = await cache('batches', BATCHES, read);

    expect(runs()).toBe(2);
    expect(after).toBe((await database.db.select().from(batches)).length);
  });

  it('reads a key it keeps nothing for at once, without waiting for the caller’s state', async () => {
    const cache = readCache<number>(database.db, { maxEntries: 10 });
    const { read, runs } = countingRead();
    const never = new Promise<CommitState>(() => undefined);
    const count = (await database.db.select().from(batches)).length;

    expect(await cache('batches', BATCHES, read, never)).toBe(count);
    expect(runs()).toBe(1);
  });

  it('keeps no failure', async () => {
    const cache = readCache<number>(database.db, { maxEntries: 10 });
    const { read, runs } = countingRead();
    await expect(
      cache('batches', BATCHES, () => Promise.reject(new Error('lost'))),
    ).rejects.toThrow('lost');
    await settled();

    expect(await cache('batches', BATCHES, read)).toBeGreaterThanOrEqual(0);
    expect(runs()).toBe(1);
  });

  it('keeps apart answers of different keys, dropping the least recently asked beyond its size', async () => {
    const cache = readCache<string>(database.db, { maxEntries: 2 });
    const runs: string[] = [];
    const read = (key: string) => () => {
      runs.push(key);
      return Promise.resolve(key);
    };
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) {
      expect(await cache(key, BATCHES, read(key))).toBe(key);
      await settled();
    }

    expect(runs).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps answers up to a total size, dropping the least recently asked, and none larger than it', async () => {
    const cache = readCache<string>(database.db, { maxSize: 10, sizeOf: (text) => text.length });
    const runs: string[] = [];
    const read = (answer: string) => () => {
      runs.push(answer);
      return Promise.resolve(answer);
    };
    // 'aaaa' and 'bbbb' fit together; 'cccc' pushes out 'bbbb', asked for less recently than
    // 'aaaa'; 'x' × 11 is never kept.
    for (const answer of [
      'aaaa',
      'bbbb',
      'aaaa',
      'cccc',
      'aaaa',
      'bbbb',
      'x'.repeat(11),
      'x'.repeat(11),
    ]) {
      expect(await cache(answer, BATCHES, read(answer))).toBe(answer);
      await settled();
    }

    expect(runs).toEqual(['aaaa', 'bbbb', 'cccc', 'bbbb', 'x'.repeat(11), 'x'.repeat(11)]);
  });
});
