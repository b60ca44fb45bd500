import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { type AppDatabase, type Database, openMemoryDatabase, openPostgres } from '../db/client';
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

/** A fresh, migrated, empty embedded database, whichever engine the API tests run on. */
export async function createPgliteDatabase(): Promise<Database> {
  const snapshot = inject('pgliteSnapshot');
  const database = await openMemoryDatabase(
    snapshot ? { loadDataDir: new Blob([await readFile(snapshot)]) } : {},
  );
  await database.migrate();
  return database;
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
