import { sql } from 'drizzle-orm';
import type { AppDatabase } from './client';
import { preparedPerDatabase } from './prepared';

const currentSnapshot = preparedPerDatabase((db) =>
  db
    .select({ snapshot: sql<string>`pg_current_snapshot()::text` })
    .from(sql`(values (1)) as single_row`)
    .prepare('commit_state'),
);

/**
 * Which transactions the database has committed so far: the text of a fresh snapshot (the
 * oldest running transaction, the next one to complete, those still running). Every commit
 * changes it, and nothing else changes what a query can see, so two equal states mean every read
 * between them saw the same data, whichever server process or tool wrote.
 */
export async function commitState(db: AppDatabase): Promise<string> {
  const [row] = await currentSnapshot(db).execute();
  if (!row) throw new Error('A snapshot query returned no row');
  return row.snapshot;
}
