import {
  ACTIVE_STATUS,
  type PageQuery,
  type Pagination,
  type PersonStatus,
  type SortOrder,
} from '@examiq/contracts';
import { type AnyColumn, and, asc, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FieldErrors } from '../errors';
import type { AppDatabase } from './client';
import { paginationOf } from './pagination';
import { users } from './schema';

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
 * A student or faculty member is Active while their record and their account both are (a
 * deactivated account cannot sign in). Reads `users`, which the query must join.
 */
export function personStatusIs(status: PersonStatus, recordStatus: AnyColumn): SQL {
  const active = and(eq(recordStatus, ACTIVE_STATUS), eq(users.isActive, true)) as SQL;
  return status === ACTIVE_STATUS ? active : not(active);
}

/** The number of rows the page's filters match, beside each row of the page. */
export const matchingTotal = sql<number>`count(*) over ()`.mapWith(Number);

/** The columns of a sort in one direction; the last should be unique so pages never overlap. */
export function sortedBy(order: SortOrder, ...columns: (SQL | AnyColumn)[]): SQL[] {
  return columns.map((column) => (order === 'asc' ? asc(column) : desc(column)));
}

/**
 * One page of a filtered or sorted list whose rows carry the total they were counted in. A page
 * past the last has no row to carry it: the first page's first row tells it.
 */
export async function findPage<Row extends { total: number }>(
  query: PageQuery,
  read: (window: { limit: number; offset: number }) => Promise<Row[]>,
): Promise<{ items: Row[]; pagination: Pagination }> {
  const items = await read({ limit: query.limit, offset: (query.page - 1) * query.limit });
  const [first] =
    items.length > 0 || query.page === 1 ? items : await read({ limit: 1, offset: 0 });
  return { items, pagination: paginationOf(query, first?.total ?? 0) };
}

/** A record a list is filtered by: its query field, its table, and the message if it is gone. */
export interface RecordFilter {
  field: string;
  id: string | undefined;
  table: PgTable & { id: PgColumn };
  message: string;
}

/**
 * Refuses with a 400 the filters naming records that do not exist. Asked only when a list came
 * back empty: a filter that matched a row names a record that exists.
 */
export async function refuseUnknownRecords(
  db: AppDatabase,
  filters: RecordFilter[],
): Promise<void> {
  const given = filters.filter((filter) => filter.id !== undefined);
  const found = await Promise.all(
    given.map(({ table, id }) =>
      db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.id, id as string))
        .limit(1),
    ),
  );
  const errors = Object.fromEntries(
    given.flatMap((filter, index) =>
      found[index]?.length ? [] : [[filter.field, filter.message]],
    ),
  );
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}
