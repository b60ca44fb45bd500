/**
 * Every list's page and its pagination. `findPage` reads a filtered or sorted list, its rows
 * carrying their total or a count beside them. `paginate` reads a whole counted table newest
 * first, a trigger keeping its total: at 100,000 students neither a count nor a deep OFFSET may
 * walk the table.
 */
import {
  type CappedPagination,
  type PageQuery,
  type Pagination,
  SEARCH_COUNT_CAP,
  type SortOrder,
} from '@examiq/contracts';
import { type AnyColumn, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from './client';
import { perDatabase } from './per-database';
import { rowCounts } from './schema';

/** One page of a list and where it stands in the whole. */
export interface Page<Item> {
  items: Item[];
  pagination: Pagination;
}

/** The rows a page query reads: `limit` rows after `offset`. */
export type PageWindow = {
  limit: number;
  offset: number;
};

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

/**
 * How far a capped count goes for a page: past the cap or past the page, whichever is further, so
 * the page after it is known to be there.
 */
export function countCapOf({ page, limit }: PageQuery): number {
  return Math.max(SEARCH_COUNT_CAP, page * limit);
}

/** The pagination of a count stopped at one past `countCapOf(query)`. */
export function cappedPaginationOf(query: PageQuery, counted: number): CappedPagination {
  const cap = countCapOf(query);
  const totalCountCapped = counted > cap;
  const pagination = paginationOf(query, Math.min(counted, cap));
  return {
    ...pagination,
    hasNextPage: pagination.hasNextPage || totalCountCapped,
    totalCountCapped,
  };
}

function windowOf({ page, limit }: PageQuery): PageWindow {
  return { limit, offset: (page - 1) * limit };
}

/** The number of rows the page's filters match, beside each row of the page. */
export const matchingTotal = sql<number>`count(*) over ()`.mapWith(Number);

/** The columns of a sort in one direction; the last should be unique so pages never overlap. */
export function sortedBy(order: SortOrder, ...columns: (SQL | AnyColumn)[]): SQL[] {
  return columns.map((column) => (order === 'asc' ? asc(column) : desc(column)));
}

/**
 * One page of a filtered or sorted list.
 *
 * Without `count`, its rows carry the total they were counted in (`matchingTotal`, `listTotal` or
 * the statement's own count); a page past the last has no row to carry it, so the first page's
 * first row tells it, and is returned as `counted` for the other figures such a row carries.
 *
 * With `count`, the total is counted by its own statement after the page, when the page is full
 * or past the end: for lists whose page walks an index in order and stops at its last row, which
 * `count(*) over ()` would make read every matching row.
 */
export async function findPage<Row extends { total: number }>(
  query: PageQuery,
  read: (window: PageWindow) => Promise<Row[]>,
): Promise<Page<Row> & { counted: Row | undefined }>;
export async function findPage<Row>(
  query: PageQuery,
  read: (window: PageWindow) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<Page<Row>>;
export async function findPage<Row>(
  query: PageQuery,
  read: (window: PageWindow) => Promise<Row[]>,
  count?: () => Promise<number>,
): Promise<Page<Row> & { counted?: Row | undefined }> {
  if (count) {
    // A page short of full, and not past the end, tells the total without counting.
    const window = windowOf(query);
    const items = await read(window);
    const shortOfFull = items.length < window.limit && (items.length > 0 || query.page === 1);
    const total = shortOfFull ? window.offset + items.length : await count();
    return { items, pagination: paginationOf(query, total) };
  }
  const items = await read(windowOf(query));
  const [counted] =
    items.length > 0 || query.page === 1 ? items : await read({ limit: 1, offset: 0 });
  const total = (counted as { total: number } | undefined)?.total ?? 0;
  return { items, pagination: paginationOf(query, total), counted };
}

/** The tables whose totals the row_counts triggers keep. */
export type CountedTable = 'students' | 'faculty' | 'exams';

const rowCountQuery = perDatabase((db) =>
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

/** Lists are newest first; a page in their older half is read oldest first and turned round. */
export type ListOrder = 'newestFirst' | 'oldestFirst';

/** The rows a whole-table page query reads: `limit` rows after `offset`, in `order`. */
export type TableWindow = PageWindow & { order: ListOrder };

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
    newestFirst: perDatabase((db) => prepare(db, desc, `${name}_newest_first`)),
    oldestFirst: perDatabase((db) => prepare(db, asc, `${name}_oldest_first`)),
  };
}

/** A page query's column holding the list's total, as it stood in the snapshot of its rows. */
export function listTotal(table: CountedTable) {
  return sql`(select ${rowCounts.total} from ${rowCounts} where ${rowCounts.tableName} = ${table})`.mapWith(
    Number,
  );
}

/** What a page query read: its items and the total its rows carried (none when no row came). */
export interface PageRead<Item> {
  items: Item[];
  totalCount: number | undefined;
}

/** The total of each list as its last page read found it, per database. */
const lastTotals = new WeakMap<AppDatabase, Map<CountedTable, number>>();

function lastTotalsOf(db: AppDatabase): Map<CountedTable, number> {
  let totals = lastTotals.get(db);
  if (!totals) {
    totals = new Map();
    lastTotals.set(db, totals);
  }
  return totals;
}

/**
 * One page of a list, newest first, and its totals. OFFSET walks every row it skips, so a page in
 * the older half is read from the oldest end and turned round: the last page costs what the
 * first does, and no page walks more than half the table.
 *
 * Which half a page is in, and where it starts counted from the oldest end, depend on the total.
 * The total the list's last read found decides, and the page query reads the total of its own
 * snapshot beside the rows: a page costs no separate count. Read from the newest end a page is
 * right whatever the total; read from the oldest end it is right only if the total has not
 * changed since, and is read again with the new one otherwise.
 */
export async function paginate<Item>(
  db: AppDatabase,
  table: CountedTable,
  query: PageQuery,
  fetchPage: (window: TableWindow) => Promise<PageRead<Item>>,
): Promise<Page<Item>> {
  const { offset } = windowOf(query);
  const totals = lastTotalsOf(db);
  let expected = totals.get(table) ?? (await rowCount(db, table));
  // Rows coming and going all the while could move the total on every try: the third reads from
  // the newest end, right whatever the total.
  for (let attempt = 1; ; attempt += 1) {
    const limit = Math.min(query.limit, expected - offset);
    const fromOldest = attempt < 3 && limit > 0 && offset + limit / 2 > expected / 2;
    const read = fromOldest
      ? await fetchPage({ limit, offset: expected - offset - limit, order: 'oldestFirst' })
      : await fetchPage({ limit: query.limit, offset, order: 'newestFirst' });
    const totalCount = read.totalCount ?? (await rowCount(db, table));
    totals.set(table, totalCount);
    const pagination = paginationOf(query, totalCount);
    if (!fromOldest) return { items: read.items, pagination };
    if (totalCount === expected) return { items: read.items.reverse(), pagination };
    expected = totalCount;
  }
}
