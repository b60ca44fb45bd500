import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createMigratedSnapshot } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite, or '' when the tests run on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

/**
 * Initialising a PGlite takes seconds; loading the dump of one already migrated takes a fraction
 * of that, so it is made once per run and every test file starts from a copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const file = path.join(tmpdir(), `examiq-pglite-${randomBytes(6).toString('hex')}.tar`);
  const snapshot = await createMigratedSnapshot();
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rm(file, { force: true });
}
