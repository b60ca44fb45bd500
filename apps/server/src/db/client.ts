import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import { OWNER_ONLY_DIR, restrictToOwner } from './owner-only';
import { onEachQuery } from './query-hook';
import * as schema from './schema';

/** The query API shared by both engines: services are written once against it. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** The pool's connections: open ones, idle ones, and queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: AppDatabase;
  kind: DatabaseKind;
  /**
   * Applies the committed migrations that are not applied yet, or only those up to and including
   * the schema version `upTo` (a migration's tag).
   */
  migrate(upTo?: string): Promise<void>;
  /** Whether every committed migration is applied; rejects when the database does not answer. */
  isMigrated(): Promise<boolean>;
  poolUse(): PoolUse;
  /** From now on, `observe` is told how long each statement took, in seconds. */
  timeQueries(observe: (seconds: number) => void): void;
  /** Idempotent. The embedded engine is checkpointed and its data directory unlocked. */
  close(): Promise<void>;
}

/** Beside this module in src/db/, and copied beside the bundle in dist/ by build.mjs. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
export const PGDATA_DIR = 'pgdata';
const STAGING_PREFIX = `${PGDATA_DIR}.init-`;

/** The rows of a statement the query builder cannot write, on either engine (both answer through pg). */
export async function queryRows<Row>(db: Pick<AppDatabase, 'execute'>, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

interface MigrationJournal {
  entries: { tag: string; when: number }[];
}

function readJournal(folder: string): MigrationJournal {
  return JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
}

/** The schema versions this code knows, oldest first: the tags of its migrations. */
export function knownSchemaVersions(): string[] {
  return readJournal(MIGRATIONS_DIR).entries.map((entry) => entry.tag);
}

/** When the newest migration the database has applied was made (its journal `when`), or null. */
async function newestAppliedMigration(db: Pick<AppDatabase, 'execute'>): Promise<string | null> {
  const [last] = await queryRows<{ applied: string | null }>(
    db,
    sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
  );
  return last?.applied ?? null;
}

/**
 * The last migration applied, by its tag; null before the first. The migrator records each one
 * by its journal time only.
 */
export async function appliedSchemaVersion(
  db: Pick<AppDatabase, 'execute'>,
): Promise<string | null> {
  const applied = await newestAppliedMigration(db);
  if (applied === null) return null;
  const entry = readJournal(MIGRATIONS_DIR).entries.find(
    (candidate) => String(candidate.when) === applied,
  );
  if (!entry) throw new Error(`The database's schema is newer than this version of ExamIQ`);
  return entry.tag;
}

/**
 * A copy of the migrations folder whose journal ends at `upTo`: the migrator applies every
 * migration its journal lists.
 */
function migrationsUpTo(upTo: string): string {
  const journal = readJournal(MIGRATIONS_DIR);
  const end = journal.entries.findIndex((entry) => entry.tag === upTo);
  if (end === -1) throw new Error(`Unknown schema version ${upTo}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'examiq-migrations-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }),
  );
  return folder;
}

/** When the newest committed migration was made: the migrator records it as applied. */
let newestMigrationAt: number | undefined;
function newestMigration(): number {
  newestMigrationAt ??= Math.max(...readJournal(MIGRATIONS_DIR).entries.map((entry) => entry.when));
  return newestMigrationAt;
}

/** PostgreSQL's codes for a missing table and a missing schema: nothing was ever migrated. */
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

/** Serialises migrations of several API processes starting at once against one server. */
const MIGRATION_LOCK_ID = 7_312_604_851;

/**
 * PostgreSQL's default cost of a random page read (4, sequential reads costing 1) is a spinning
 * disk's. The pages an institution's server reads under load are in memory or on an SSD, where
 * an index look-up of a few rows costs barely more than a sequential read: at the default, the
 * planner hashes all 1,000 sections to join ten students to theirs, five times the work of ten
 * look-ups by key.
 */
const PLANNER_COSTS = ['random_page_cost=1.1'];
/**
 * Settings of every connection, on either engine. Each named statement is planned once per
 * connection: by default PostgreSQL plans anew for each set of parameters when it guesses that
 * pays, and for a student's six-way join that planning costs several times the run. Every
 * prepared statement of ours is a look-up by key or an index-ordered page, with one good plan
 * for any parameters.
 */
const CONNECTION_SETTINGS = ['plan_cache_mode=force_generic_plan', ...PLANNER_COSTS];

/**
 * An embedded database with the settings of a PostgreSQL connection and the extensions the
 * migrations create (the lists' search: trigram indexes of accent-free text).
 */
function createPglite(
  options: Omit<PGliteOptions, 'startParams' | 'extensions'> = {},
): Promise<PGlite> {
  return PGlite.create({
    ...options,
    extensions: { pg_trgm, unaccent },
    startParams: [
      ...PGlite.defaultStartParams,
      ...CONNECTION_SETTINGS.flatMap((setting) => ['-c', setting]),
    ],
  });
}

/**
 * One driver, node-postgres, for both engines: PGlite comes with a connection for it. Its named
 * statements are parsed and planned once per connection, where PGlite's own `query()` parses and
 * plans every statement anew in six calls into the engine: a look-up of an account by email costs
 * a third of the time. One connection at a time, as the engine has one session: a transaction
 * holds it and other statements wait their turn.
 */
function embeddedPool(pglite: PGlite): pg.Pool {
  // The pool replaces a client after any failed statement. The session, and the statements it
  // has parsed, stay: each new connection starts from the same record of them.
  const parsedStatements = {};
  class EmbeddedClient extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      const connection = new PglitePgConnection({ pglite });
      connection.parsedStatements = parsedStatements;
      const parse = connection.parse.bind(connection);
      // drizzle hands pg its result parsers as `types`, which pg's own serializer leaves out of
      // the message and PGlite's would take for the parameters' types.
      connection.parse = (query: { types?: unknown }) =>
        parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
      // The engine answers within the same turn of the event loop (its promises settle as
      // microtasks), so a chain of statements (a job's batches, a long transaction) would keep the
      // server from even reading another request until it ends. Each statement ends on the next
      // turn instead, as an answer from a database server does, and requests are read between.
      const emit = connection.emit.bind(connection);
      connection.emit = (event: string | symbol, ...args: unknown[]) => {
        if (event !== 'readyForQuery') return emit(event, ...args);
        setImmediate(() => emit(event, ...args));
        return true;
      };
      super({ ...config, connection } as pg.ClientConfig);
    }
  }
  return new pg.Pool({ Client: EmbeddedClient, max: 1, idleTimeoutMillis: 0 });
}

/**
 * What closing an embedded database does besides closing its connection: `onClosed` runs last;
 * `release`, when given, takes the engine instead of its being closed.
 */
interface EmbeddedClose {
  onClosed?: () => void;
  release?: (engine: PGlite) => Promise<void>;
}

function pgliteDatabase(pglite: PGlite, { onClosed, release }: EmbeddedClose = {}): Database {
  const pool = embeddedPool(pglite);
  const database = poolDatabase(pool, 'pglite');
  let closing: Promise<void> | undefined;
  return {
    ...database,
    close() {
      closing ??= (async () => {
        try {
          await database.close();
          if (release) await release(pglite);
          else if (!pglite.closed) {
            try {
              await pglite.exec('CHECKPOINT');
            } finally {
              await pglite.close();
            }
          }
        } finally {
          onClosed?.();
        }
      })();
      return closing;
    },
  };
}

/** A PGlite held in memory, for tests. `loadDataDir` takes a dump of an already migrated one. */
export function createMemoryEngine(loadDataDir?: Blob): Promise<PGlite> {
  return createPglite(loadDataDir ? { loadDataDir } : {});
}

/**
 * A database on a PGlite held in memory (a new one unless `engine` is given). Closing it closes
 * the engine, or hands it to `release` when given.
 */
export async function openMemoryDatabase(
  options: { engine?: PGlite; release?: (engine: PGlite) => Promise<void> } = {},
): Promise<Database> {
  return pgliteDatabase(options.engine ?? (await createMemoryEngine()), {
    release: options.release,
  });
}

/** A dump of a freshly migrated PGlite, for `openMemoryDatabase({ loadDataDir })`. */
export async function createMigratedSnapshot(): Promise<Blob> {
  const client = await createPglite();
  const database = pgliteDatabase(client);
  try {
    await database.migrate();
    return await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/**
 * A PGlite killed during its first initialisation leaves a directory that never opens again, so a
 * new one is initialised (migrated, or restored) beside the target and renamed into place once
 * complete. A failed `prepare` leaves nothing behind.
 */
async function initialiseDataDir(
  dataDir: string,
  target: string,
  prepare: (database: Database) => Promise<void> = (database) => database.migrate(),
): Promise<void> {
  for (const entry of readdirSync(dataDir)) {
    if (entry.startsWith(STAGING_PREFIX)) {
      rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
  }
  const staging = path.join(dataDir, `${STAGING_PREFIX}${process.pid}`);
  try {
    const database = pgliteDatabase(await createPglite({ dataDir: staging }));
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(target)) {
    const replaced = `${target}.replaced-${process.pid}`;
    renameSync(target, replaced);
    renameSync(staging, target);
    rmSync(replaced, { recursive: true, force: true });
  } else {
    renameSync(staging, target);
  }
}

/** Whether `dataDir` holds an embedded database. */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, PGDATA_DIR));
}

/**
 * Makes the embedded database of `dataDir` anew with `prepare` (a restore), holding the folder's
 * lock: it replaces any database there only once complete.
 */
export async function recreateEmbedded(
  dataDir: string,
  prepare: (database: Database) => Promise<void>,
): Promise<void> {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  const lock = await lockDataDir(dataDir);
  try {
    await initialiseDataDir(dataDir, path.join(dataDir, PGDATA_DIR), prepare);
    restrictToOwner(dataDir);
  } finally {
    lock.release();
  }
}

async function openEmbedded(dataDir: string): Promise<Database> {
  // The files the engine creates while it runs (tables, WAL segments) are the owner's alone.
  process.umask(0o077);
  const lock = await lockDataDir(dataDir);
  try {
    const pgdata = path.join(dataDir, PGDATA_DIR);
    if (!existsSync(pgdata)) await initialiseDataDir(dataDir, pgdata);
    const pglite = await createPglite({ dataDir: pgdata });
    // PGlite sets the modes of the files it starts with itself (0666 among them), whatever the
    // umask, and a folder made by an earlier version is readable by all.
    restrictToOwner(dataDir);
    return pgliteDatabase(pglite, { onClosed: () => lock.release() });
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Migrations, figures and closing of either engine's pool. */
function poolDatabase(pool: pg.Pool, kind: DatabaseKind): Database {
  const db = drizzlePostgres({ client: pool, schema });
  let closing: Promise<void> | undefined;
  // Hooked into every connection from the start: the embedded pool's one connection is opened by
  // the migrations, before anyone asks for the timings.
  let observeQuery: ((seconds: number) => void) | undefined;
  onEachQuery(pool, () => {
    const observe = observeQuery;
    if (!observe) return undefined;
    const started = performance.now();
    return () => observe((performance.now() - started) / 1000);
  });
  return {
    db,
    kind,
    async isMigrated() {
      try {
        return Number((await newestAppliedMigration(db)) ?? 0) >= newestMigration();
      } catch (error) {
        if (NEVER_MIGRATED.has((error as { code?: string }).code ?? '')) return false;
        throw error;
      }
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    timeQueries(observe) {
      observeQuery = observe;
    },
    async migrate(upTo) {
      const migrationsFolder = upTo ? migrationsUpTo(upTo) : MIGRATIONS_DIR;
      // The advisory lock belongs to a connection, so the migrator runs on that same connection.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
        if (upTo) rmSync(migrationsFolder, { recursive: true, force: true });
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/** A pool of `poolSize` connections, node-postgres's 10 unless given (the server gives its own). */
export function openPostgres(connectionString: string, poolSize?: number): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    options: CONNECTION_SETTINGS.map((setting) => `-c ${setting}`).join(' '),
  });
  // An idle connection dropped by the server must not end the process: the next query reports it.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  return poolDatabase(pool, 'postgres');
}

/** PostgreSQL through a pool when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
): Promise<Database> {
  return config.databaseUrl
    ? Promise.resolve(openPostgres(config.databaseUrl, config.databasePoolSize))
    : openEmbedded(config.dataDir);
}
