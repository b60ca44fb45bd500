import type { PageQuery, Pagination } from '@examiq/contracts';
import { type AnyColumn, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from './client';
import { preparedPerDatabase } from './prepared';
import { rowCounts } from './schema';

/** The tables whose totals the row_counts triggers keep. */
export type CountedTable = 'students' | 'faculty' | 'exams';

const rowCountQuery = preparedPerDatabase((db) =>
  db
    .select({ total: rowCounts.total })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, sql.placeholder('table')))
    .prepare('row_count'),
);

/** The number of rows of a list table: one primary-key lookup, however large the table. */
export async function rowCount(db: AppDatabase, table: CountedTable): Promise<number> {
  const [row] = await rowCountQuery(db).execute({ table });
  return row?.total ?? 0;
}

export function paginationOf({ page, limit }: PageQuery, totalCount: number): Pagination {
  const totalPages = Math.ceil(totalCount / limit);
  return {
    currentPage: page,
    totalPages,
    totalCount,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}

/** Lists are newest first; a page in their older half is read oldest first and turned round. */
export type ListOrder = 'newestFirst' | 'oldestFirst';

/** The rows a list query reads: `limit` rows after `offset`, in `order`. */
export type PageWindow = {
  limit: number;
  offset: number;
  order: ListOrder;
};

/** The creation order in one direction, the id breaking ties so pages never overlap or skip. */
export function byCreation(
  direction: typeof asc | typeof desc,
  createdAt: AnyColumn,
  id: AnyColumn,
) {
  return [direction(createdAt), direction(id)];
}

/** A list's page query prepared in both orders, as `<name>_newest_first` and `<name>_oldest_first`. */
export function preparedInBothOrders<Prepared>(
  name: string,
  prepare: (db: AppDatabase, direction: typeof asc | typeof desc, name: string) => Prepared,
): Record<ListOrder, (db: AppDatabase) => Prepared> {
  return {
    newestFirst: preparedPerDatabase((db) => prepare(db, desc, `${name}_newest_first`)),
    oldestFirst: preparedPerDatabase((db) => prepare(db, asc, `${name}_oldest_first`)),
  };
}

/**
 * One page of a list, newest first, and its totals. OFFSET walks every row it skips, so a page in
 * the older half is read from the oldest end and turned round: the last page costs what the
 * first does, and no page walks more than half the table.
 */
export async function paginate<Item>(
  db: AppDatabase,
  table: CountedTable,
  query: PageQuery,
  fetchPage: (window: PageWindow) => Promise<Item[]>,
): Promise<{ items: Item[]; pagination: Pagination }> {
  const totalCount = await rowCount(db, table);
  const pagination = paginationOf(query, totalCount);
  const offset = (query.page - 1) * query.limit;
  if (offset >= totalCount) return { items: [], pagination };
  const limit = Math.min(query.limit, totalCount - offset);
  const fromOldest = offset + limit / 2 > totalCount / 2;
  const items = fromOldest
    ? (
        await fetchPage({ limit, offset: totalCount - offset - limit, order: 'oldestFirst' })
      ).reverse()
    : await fetchPage({ limit, offset, order: 'newestFirst' });
  return { items, pagination };
}
