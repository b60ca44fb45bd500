import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/** `%text%` for ILIKE, its own wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Whether a table's folded search text holds the search anywhere, ignoring case and accents, its
 * wildcards taken literally; the column's trigram index finds the rows.
 */
export function holdsSearch(searchText: AnyColumn, search: string): SQL {
  return sql`${searchText} like examiq_fold(${containing(search)})`;
}
