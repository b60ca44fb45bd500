import { sql } from 'drizzle-orm';
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

  it('changes when a statement written by hand, or a transaction, commits', async () => {
    const { db } = database;
    const before = await commitState(db);
    await db.execute(sql`insert into batches (start_year, end_year) values (2050, 2054)`);
    const afterStatement = await commitState(db);
    await db.transaction(async (tx) => {
      await tx.insert(batches).values({ startYear: 2060, endYear: 2064 });
    });

    expect(afterStatement).not.toBe(before);
    expect(await commitState(db)).not.toBe(afterStatement);
  });
});
