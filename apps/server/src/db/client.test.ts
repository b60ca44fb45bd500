import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants, existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, loadConfig } from '../config';
import { createTestDatabase, describeEmbedded, postgresUrlOf, TEST_ENGINE } from '../test/database';
import { type AppDatabase, type Database, openDatabase, PGDATA_DIR } from './client';
import { DataDirLockedError, LOCK_FILE } from './data-dir-lock';
import { users } from './schema';
import { SINGLE_ROW } from './single-row';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'examiq-data-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, LOCK_FILE);

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (!pid) throw new Error('Could not start a process');
  return pid;
}

describeEmbedded('embedded database', () => {
  it('initialises in a staging directory, locks DATA_DIR and survives close and reopen', async () => {
    await mkdir(dataDir, { recursive: true });
    await mkdir(path.join(dataDir, `${PGDATA_DIR}.init-12345`));

    const first = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(first.kind).toBe('pglite');
      expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.pid));
      expect((await readdir(dataDir)).filter((entry) => entry.startsWith(PGDATA_DIR))).toEqual([
        PGDATA_DIR,
      ]);

      const second = openDatabase({ dataDir, databaseUrl: undefined });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        new RegExp(`^Another server is using .+ \\(pid ${process.pid}\\)\\. Stop it first\\.$`),
      );

      await first.migrate();
      await first.db
        .insert(users)
        .values({ email: 'kept@example.com', passwordHash: 'x', role: 'faculty' });
    } finally {
      await first.close();
    }
    expect(existsSync(lockFile())).toBe(false);

    const reopened = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      await reopened.migrate();
      const rows = await reopened.db
        .select()
        .from(users)
        .where(eq(users.email, 'kept@example.com'));
      expect(rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });

  it.each([
    ['a process that has exited', () => String(deadPid())],
    ['no pid at all', () => 'garbage'],
    ['this pid, left by an earlier process (a container restart)', () => String(process.pid)],
  ])('takes over a stale lock naming %s', async (_label, content) => {
    await writeFile(lockFile(), content());
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.pid));
    } finally {
      await database.close();
    }
  });

  it('keeps a new data folder and everything in it to the account the server runs as', async () => {
    const fresh = path.join(dataDir, 'fresh', 'data');
    const database = await openDatabase(loadConfig({ DATA_DIR: fresh, INIT_CWD: dataDir }));
    try {
      await database.migrate();
      await database.db
        .insert(users)
        .values({ email: 'private@example.com', passwordHash: 'x', role: 'faculty' });
    } finally {
      await database.close();
    }
    const entries = await readdir(fresh, { recursive: true });
    expect(entries).toEqual(expect.arrayContaining([JWT_SECRET_FILE, PGDATA_DIR]));
    const open = [fresh, ...entries.map((entry) => path.join(fresh, entry))].flatMap((entry) => {
      const { mode } = statSync(entry);
      const expected = (mode & constants.S_IFMT) === constants.S_IFDIR ? 0o700 : 0o600;
      return (mode & 0o777) === expected ? [] : [`${(mode & 0o777).toString(8)} ${entry}`];
    });
    expect(open).toEqual([]);
  });
});

describe('a database the app opens', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('plans a named statement once, not again for each set of parameters, on either engine', async () => {
    // A transaction keeps to one connection, where the statement stays prepared.
    const plans = await database.db.transaction(async (tx) => {
      const usersByIds = tx
        .select({ email: users.email })
        .from(users)
        .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
        .prepare('users_by_ids');
      for (const size of [1, 2, 3]) {
        await usersByIds.execute({ ids: Array.from({ length: size }, () => randomUUID()) });
      }
      return tx
        .select({
          generic: sql<number>`generic_plans::int`,
          custom: sql<number>`custom_plans::int`,
        })
        .from(sql`pg_prepared_statements`)
        .where(sql`name = 'users_by_ids'`);
    });
    expect(plans).toEqual([{ generic: 3, custom: 0 }]);
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'keeps as many PostgreSQL connections as DATABASE_POOL_SIZE says, a statement beyond them waiting',
    async () => {
      const url = await postgresUrlOf(database.db);
      const config = loadConfig({
        INIT_CWD: tmpdir(),
        DATABASE_URL: url,
        JWT_SECRET: 's'.repeat(40),
        DATABASE_POOL_SIZE: '2',
      });
      const small = await openDatabase(config);
      try {
        // A query builder runs when awaited: Promise.all starts the three at once.
        const sleeping = Promise.all(
          [1, 2, 3].map(() => small.db.execute(sql`select pg_sleep(0.3)`)),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(small.poolUse()).toMatchObject({ total: 2, waiting: 1 });
        await sleeping;
      } finally {
        await small.close();
      }
    },
  );

  it('lets the server read other requests between statements, on either engine', async () => {
    // A request that arrived is handled on a later turn of the event loop, as this callback is.
    let statementsBeforeTheTurn: number | undefined;
    let statements = 0;
    setImmediate(() => {
      statementsBeforeTheTurn = statements;
    });
    await database.db.transaction(async (tx) => {
      for (let k = 0; k < 20; k++) {
        await tx.execute(sql`select 1`);
        statements += 1;
      }
    });
    expect(statementsBeforeTheTurn).toBeLessThanOrEqual(1);
  });

  it('answers after a failed statement, with the statements it had named', async () => {
    const byEmail = database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .prepare('user_id_by_email');
    expect(await byEmail.execute({ email: 'nobody@examiq.test' })).toEqual([]);
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();

    expect(await byEmail.execute({ email: 'nobody@examiq.test' })).toEqual([]);
    const rows = await database.db.select({ one: sql<number>`1` }).from(SINGLE_ROW);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('plans with the costs of data in memory or on an SSD, on either engine', async () => {
    const rows = await database.db
      .select({ cost: sql<string>`current_setting('random_page_cost')` })
      .from(SINGLE_ROW);
    expect(rows).toEqual([{ cost: '1.1' }]);
  });

  it("writes a sign-in's update of an account beside it, on a page a bulk import filled", async () => {
    await database.db.execute(sql`insert into users (email, password_hash, role)
      select 'fill' || n || '@fillfactor.examiq.test', repeat('h', 97), 'student'
      from generate_series(1, 200) as n`);
    const hotUpdates = await database.db.transaction(async (tx) => {
      const [first] = await tx.select({ id: users.id }).from(users).where(sql`ctid = '(0,1)'::tid`);
      await tx
        .update(users)
        .set({ lastLogin: sql`now()` })
        .where(eq(users.id, first?.id ?? ''));
      return tx
        .select({ count: sql<number>`pg_stat_get_xact_tuples_hot_updated('users'::regclass)::int` })
        .from(SINGLE_ROW);
    });

    expect(hotUpdates).toEqual([{ count: 1 }]);
  });

  it('leaves timestamps, dates and intervals as text and parses the rest, in a transaction or not', async () => {
    const read = async (db: AppDatabase) => {
      const { rows } = (await db.execute(sql`select
        '2026-01-02 03:04:05+00'::timestamptz as at, '2026-01-02'::date as day,
        interval '1 day' as span, array['2026-01-02 03:04:05+00'::timestamptz] as ats,
        array[1, 2] as numbers, '{"a":1}'::json as document`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      const [row] = rows;
      return {
        at: typeof row?.at,
        day: row?.day,
        span: typeof row?.span,
        ats: typeof row?.ats,
        numbers: row?.numbers,
        document: row?.document,
      };
    };
    const expected = {
      at: 'string',
      day: '2026-01-02',
      span: 'string',
      ats: 'string',
      numbers: [1, 2],
      document: { a: 1 },
    };
    expect(await database.db.transaction((tx) => read(tx))).toEqual(expected);
    expect(await read(database.db)).toEqual(expected);
  });
});
