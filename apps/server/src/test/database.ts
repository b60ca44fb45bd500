import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, inject } from 'vitest';
import {
  type AppDatabase,
  createMemoryEngine,
  type Database,
  openMemoryDatabase,
  openPostgres,
} from '../db/client';
import * as schema from '../db/schema';
import { SINGLE_ROW } from '../db/single-row';

/** The engine the API tests run on: PostgreSQL when DATABASE_URL is set, otherwise PGlite. */
export const TEST_ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A block that tests the embedded engine alone, on a PGlite of its own whatever DATABASE_URL says:
 * the run on PostgreSQL would repeat it as it is, so it runs in the PGlite run only.
 */
export const describeEmbedded = describe.skipIf(TEST_ENGINE === 'postgres');

function withDatabaseName(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function onServer(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the DATABASE_URL server, by URL, and a way to drop it: empty, or a copy
 * of `template`. A test database need not survive a crash of the server, so its commits do not
 * wait for the disk.
 */
export async function createEmptyPostgresDatabase(
  url: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `examiq_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(
    url,
    `create database "${name}"${template ? ` template "${template}"` : ''}`,
    `alter database "${name}" set synchronous_commit = off`,
  );
  return {
    url: withDatabaseName(url, name),
    drop: () => onServer(url, `drop database if exists "${name}" with (force)`),
  };
}

/**
 * A database of its own on the DATABASE_URL server, migrated (a copy of the run's migrated
 * template), and dropped when closed.
 */
async function createPostgresDatabase(url: string): Promise<Database> {
  const empty = await createEmptyPostgresDatabase(url, inject('postgresTemplate') || undefined);
  const database = openPostgres(empty.url);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * What a migrated engine's schema is: its relations, columns, constraints, indexes, triggers and
 * functions, its database's settings and the migrations recorded, as one hash.
 */
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(item, E'\n' order by item)) as fingerprint from (
    select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle')
    union all
    select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname in ('public', 'drizzle') and a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'index ' || pg_get_indexdef(indexrelid) from pg_index
      where indrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
    union all
    select 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text || ' ' || tgfoid::regproc
      from pg_trigger where not tgisinternal
    union all
    select 'function ' || proname || ' ' || md5(prosrc) from pg_proc
      where pronamespace = 'public'::regnamespace
    union all
    select 'setting ' || array_to_string(setconfig, ',') from pg_db_role_setting
    union all
    select 'migrations ' || count(*) from drizzle.__drizzle_migrations
  ) schema`;

/** Empties every table and restarts every sequence of the migrated schema. */
const EMPTY_TABLES = `
  do $$
  declare
    sequence record;
  begin
    execute (
      select 'truncate ' || string_agg(format('%I', tablename), ', ') || ' restart identity cascade'
        from pg_tables where schemaname = 'public'
    );
    for sequence in select sequencename from pg_sequences where schemaname = 'public' loop
      execute format('alter sequence %I restart', sequence.sequencename);
    end loop;
  end $$`;

/**
 * Opening an embedded engine from the migrated dump takes about a second of the processor, and a
 * worker's test files open a few hundred: the files of a worker run one after another and share
 * this module (`isolate: false`), so the engine a test closes is emptied and kept for the next,
 * unless a transaction is still open on it or its schema is no longer the migrated one.
 */
const spareEngines: PGlite[] = [];
/** The migrated schema's fingerprint, and the rows its migrations wrote (by table, as JSON). */
let migrated: Promise<{ fingerprint: string; seededRows: Map<string, string> }> | undefined;

async function fingerprintOf(engine: PGlite): Promise<string> {
  const { rows } = await engine.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

async function migratedState(engine: PGlite) {
  const seededRows = new Map<string, string>();
  const { rows: tables } = await engine.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public'`,
  );
  for (const { name } of tables) {
    const { rows } = await engine.query<{ rows: string | null }>(
      `select jsonb_agg(x)::text as rows from "${name}" x`,
    );
    if (rows[0]?.rows) seededRows.set(name, rows[0].rows);
  }
  return { fingerprint: await fingerprintOf(engine), seededRows };
}

async function keepForReuse(engine: PGlite): Promise<void> {
  try {
    // Fails inside a transaction a test left open; otherwise ends whatever the session holds.
    await engine.exec('discard all');
    const state = await migrated;
    if (state && (await fingerprintOf(engine)) === state.fingerprint) {
      await engine.exec(EMPTY_TABLES);
      for (const [table, rows] of state.seededRows) {
        await engine.query(
          `insert into "${table}" select * from jsonb_populate_recordset(null::"${table}", $1)`,
          [rows],
        );
      }
      spareEngines.push(engine);
      return;
    }
  } catch {
    // Not reusable: closed below.
  }
  if (!engine.closed) await engine.close();
}

async function newMigratedEngine(): Promise<PGlite> {
  const snapshot = inject('pgliteSnapshot');
  const engine = await createMemoryEngine(
    snapshot ? new Blob([await readFile(snapshot)]) : undefined,
  );
  // Nothing to do when the dump is the migrated one (the PostgreSQL run makes none).
  const migration = await openMemoryDatabase({ engine, release: async () => {} });
  await migration.migrate();
  await migration.close();
  migrated ??= migratedState(engine);
  await migrated;
  return engine;
}

/** A fresh, migrated, empty embedded database, whichever engine the API tests run on. */
export async function createPgliteDatabase(): Promise<Database> {
  const engine = spareEngines.pop() ?? (await newMigratedEngine());
  return openMemoryDatabase({ engine, release: keepForReuse });
}

/** The URL of a test database on the DATABASE_URL server, for a client of its own. */
export async function postgresUrlOf(db: AppDatabase): Promise<string> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL names no PostgreSQL server');
  const [row] = await db.select({ name: sql<string>`current_database()` }).from(SINGLE_ROW);
  if (!row) throw new Error('The database has no name');
  return withDatabaseName(url, row.name);
}

/** A fresh, migrated, empty database for one test file (or one test). */
export function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresDatabase(url) : createPgliteDatabase();
}

/**
 * The database as a second server process would hold it: the same connections through a query
 * builder of its own, so whatever a process keeps per database starts out empty, and is told of
 * nothing the first one does. Closing it leaves the database open for the first.
 */
export function asAnotherProcess(database: Database): Database {
  const pool = (database.db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
  return { ...database, db: drizzle({ client: pool, schema }), close: async () => {} };
}
