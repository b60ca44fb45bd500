import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createMigratedSnapshot, openPostgres } from '../db/client';
import { createEmptyPostgresDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite, or '' when the tests run on PostgreSQL. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database to copy, or '' when the tests run on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Initialising a PGlite takes seconds; loading the dump of one already migrated takes a fraction
 * of that, so it is made once per run and every test file starts from a copy. On PostgreSQL, a
 * database is migrated once and each test database is created as a copy of it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await createEmptyPostgresDatabase(url);
    const database = openPostgres(template.url);
    await database.migrate();
    await database.close();
    project.provide('pgliteSnapshot', '');
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  project.provide('postgresTemplate', '');
  const file = path.join(tmpdir(), `examiq-pglite-${randomBytes(6).toString('hex')}.tar`);
  const snapshot = await createMigratedSnapshot();
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rm(file, { force: true });
}
