import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { batchedRead } from './batched-read';
import type { AppDatabase } from './client';
import { perDatabase } from './per-database';

const currentSnapshot = perDatabase((db) =>
  db
    .select({ snapshot: sql<string>`pg_current_snapshot()::text` })
    .from(sql`(values (1)) as single_row`)
    .prepare('commit_state'),
);

/** Concurrent callers share one snapshot query, never one begun before they asked. */
const sharedSnapshot = perDatabase((db) =>
  batchedRead(async () => {
    const rows = await currentSnapshot(db).execute();
    return new Map(rows.map((row) => [undefined, row.snapshot]));
  }),
);

/** The write counters of the embedded databases, which only this process can write. */
const embeddedWrites = new WeakMap<AppDatabase, () => number>();

/** Statements that cannot change what a query sees (a write in a CTE starts with `with`). */
const READ_ONLY = /^\s*select\b/i;

/**
 * Counts every statement of an embedded database that may have written, as it completes: every
 * transaction, every `exec`, every query but a plain `select`. The data directory is locked to
 * this process, so these are all its writes.
 */
export function countEmbeddedWrites(db: AppDatabase, client: PGlite): void {
  let writes = 0;
  const counted = <Method extends (...args: never[]) => Promise<unknown>>(
    method: Method,
    mayWrite: (...args: Parameters<Method>) => boolean,
  ) =>
    (async (...args: Parameters<Method>) => {
      try {
        return await method.apply(client, args);
      } finally {
        if (mayWrite(...args)) writes += 1;
      }
    }) as Method;
  client.query = counted(client.query, (text) => !READ_ONLY.test(text));
  client.exec = counted(client.exec, () => true);
  client.transaction = counted(client.transaction, () => true);
  embeddedWrites.set(db, () => writes);
}

/**
 * A state of the database's committed data: two equal states mean every read between them saw
 * the same data. On PostgreSQL it is the text of a fresh snapshot (the oldest running
 * transaction, the next one to complete, those still running), which every commit changes,
 * whichever server process or tool wrote. On the embedded database, which only this process can
 * open, it is the number of statements that may have written.
 */
export async function commitState(db: AppDatabase): Promise<string> {
  const embedded = embeddedWrites.get(db);
  if (embedded) return String(embedded());
  const snapshot = await sharedSnapshot(db)(undefined);
  if (snapshot === undefined) throw new Error('A snapshot query returned no row');
  return snapshot;
}
