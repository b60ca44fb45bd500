import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, postgresUrlOf, TEST_ENGINE } from '../test/database';
import type { Database } from './client';
import { commitState, type Dependencies, EVERY_TABLE } from './commit-state';
import { batches, tableWrites } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const BATCHES: Dependencies = { batches: 'rows' };
const COURSES: Dependencies = { courses: 'rows' };

let nextYear = 2100;
function newBatch() {
  nextYear += 5;
  return { startYear: nextYear, endYear: nextYear + 4 };
}

/** The state of `dependencies` now. */
async function stateOf(dependencies: Dependencies) {
  return (await commitState(database.db))(dependencies);
}

describe('commitState', () => {
  it('stays the same while the database is only read', async () => {
    const before = await stateOf(BATCHES);
    await database.db.select().from(batches);

    expect(await stateOf(BATCHES)).toBe(before);
  });

  it('changes when a write commits', async () => {
    const before = await stateOf(BATCHES);
    await database.db.insert(batches).values(newBatch());

    expect(await stateOf(BATCHES)).not.toBe(before);
  });

  it('changes when a statement written by hand, or a transaction, commits', async () => {
    const before = await stateOf(BATCHES);
    const { startYear, endYear } = newBatch();
    await database.db.execute(
      sql`insert into batches (start_year, end_year) values (${startYear}, ${endYear})`,
    );
    const afterStatement = await stateOf(BATCHES);
    await database.db.transaction(async (tx) => {
      await tx.insert(batches).values(newBatch());
    });

    expect(afterStatement).not.toBe(before);
    expect(await stateOf(BATCHES)).not.toBe(afterStatement);
  });

  it('learns of a write from its record on PostgreSQL; the embedded database keeps none', async () => {
    const recorded = await database.db.transaction(async (tx) => {
      await tx.insert(batches).values(newBatch());
      return tx
        .select({ table: tableWrites.tableName, kind: tableWrites.kind })
        .from(tableWrites)
        .where(sql`${tableWrites.transactionId} = pg_current_xact_id()::text::bigint`);
    });

    expect(recorded).toEqual(
      TEST_ENGINE === 'postgres' ? [{ table: 'batches', kind: 'rows' }] : [],
    );
  });
});

describe('the tables whose writes are recorded', () => {
  it('have the triggers migration 0007 gives them, no more and no fewer', async () => {
    const triggers = await database.db
      .select({ name: sql<string>`tgname` })
      .from(sql`pg_trigger`)
      .where(sql`tgname like '%\_writes\_%' and not tgisinternal`);
    const expected = Object.entries(EVERY_TABLE).flatMap(([table, kind]) =>
      kind === 'rows'
        ? [`${table}_writes_rows`, `${table}_writes_changes`]
        : [`${table}_writes_changes`],
    );

    expect(triggers.map((trigger) => trigger.name).sort()).toEqual(expected.sort());
  });
});

// PostgreSQL's state follows each table apart; the embedded one moves with every write.
describe.runIf(TEST_ENGINE === 'postgres')('commitState on PostgreSQL', () => {
  it('stays the same for tables a commit did not write', async () => {
    const before = await stateOf(COURSES);
    await database.db.insert(batches).values(newBatch());

    expect(await stateOf(COURSES)).toBe(before);
  });

  it('moves for rows added only where they count, for rows changed or removed everywhere', async () => {
    const [batch] = await database.db.insert(batches).values(newBatch()).returning();
    if (!batch) throw new Error('No batch was added');
    const beforeAdding = await stateOf({ batches: 'changes' });
    await database.db.insert(batches).values(newBatch());

    expect(await stateOf({ batches: 'changes' })).toBe(beforeAdding);

    await database.db.update(batches).set({ status: 'Inactive' }).where(eq(batches.id, batch.id));
    const afterChanging = await stateOf({ batches: 'changes' });
    expect(afterChanging).not.toBe(beforeAdding);

    await database.db.delete(batches).where(eq(batches.id, batch.id));
    expect(await stateOf({ batches: 'changes' })).not.toBe(afterChanging);
  });

  it('moves for a write by another client of the database', async () => {
    const before = await stateOf(BATCHES);
    const client = new pg.Client({ connectionString: await postgresUrlOf(database.db) });
    await client.connect();
    try {
      const { startYear, endYear } = newBatch();
      await client.query('insert into batches (start_year, end_year) values ($1, $2)', [
        startYear,
        endYear,
      ]);
    } finally {
      await client.end();
    }

    expect(await stateOf(BATCHES)).not.toBe(before);
  });

  it('moves for a transaction that began before a look and committed after it', async () => {
    let commit: () => void = () => undefined;
    let written: () => void = () => undefined;
    const wasWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(batches).values(newBatch());
      written();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await wasWritten;
    const during = await stateOf(BATCHES);
    commit();
    await transaction;

    expect(await stateOf(BATCHES)).not.toBe(during);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('records of writes on PostgreSQL', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are forgotten a minute after they ended, and a look after an idle spell starts over', async () => {
    // A database of its own, whose clocks start under the fake time.
    vi.useFakeTimers({ toFake: ['performance'] });
    const own = await createTestDatabase();
    try {
      const state = async () => (await commitState(own.db))(BATCHES);
      const records = async () => {
        const [row] = await own.db.select({ count: sql<number>`count(*)::int` }).from(tableWrites);
        return row?.count;
      };
      const settled = () => new Promise((resolve) => setTimeout(resolve, 300));
      const first = await state();
      await own.db.insert(batches).values(newBatch());
      expect(await records()).toBe(1);
      const afterWrite = await state();
      expect(afterWrite).not.toBe(first);

      vi.advanceTimersByTime(61_000);
      const afterIdle = await state();
      await settled();
      expect(afterIdle).not.toBe(afterWrite);
      expect(await state()).toBe(afterIdle);
      // The first compaction only notes how far the next one may go.
      expect(await records()).toBe(1);

      vi.advanceTimersByTime(61_000);
      await state();
      await settled();
      expect(await records()).toBe(0);
    } finally {
      await own.close();
    }
  });
});
