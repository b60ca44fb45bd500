import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from './client';

/** `%text%` for ILIKE, its own wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Whether a table's folded search text holds the search anywhere, ignoring case and accents, its
 * wildcards taken literally; the column's trigram index finds the rows.
 */
export function holdsSearch(searchText: AnyColumn, search: string): SQL {
  return sql`${searchText} like examiq_fold(${containing(search)})`;
}

/**
 * Runs a search's statements planned for their own parameters. Every connection plans a statement
 * once for any parameters (`plan_cache_mode`, in client.ts), right for look-ups by key; a search's
 * best plan turns on how many rows its text finds: a word every question holds is read walking the
 * newest first, a rare one through the trigram index. Planned blind, the bank's broad searches
 * read every row they find (8.6 times slower at 100,000 questions, `bench/README.md`).
 */
export function plannedForTheirParameters<Result>(
  db: AppDatabase,
  work: (db: AppDatabase) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return work(tx);
  });
}
