import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import type { Database } from './client';
import { commitState } from './commit-state';
import { batches } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('commitState', () => {
  it('stays the same while the database is only read', async () => {
    const { db } = database;
    const before = await commitState(db);
    await db.select().from(batches);

    expect(await commitState(db)).toBe(before);
  });

  it('changes when a write commits', async () => {
    const { db } = database;
    const before = await commitState(db);
    await db.insert(batches).values({ startYear: 2040, endYear: 2044 });

    expect(await commitState(db)).not.toBe(before);
  });
});
