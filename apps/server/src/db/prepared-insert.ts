import { type InferInsertModel, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { perDatabase } from './per-database';

/** The values of a row whose `columns` are each given by the placeholder of its name. */
export function placeholdersFor<Table extends PgTable>(
  columns: readonly (keyof InferInsertModel<Table> & string)[],
): PgInsertValue<Table> {
  return Object.fromEntries(
    columns.map((column) => [column, sql.placeholder(column)]),
  ) as PgInsertValue<Table>;
}

/**
 * An insert of one row returning it, each of `columns` given by the placeholder of its name:
 * built once and planned once per connection (statement `name`), where an insert built for its
 * values is built again on every call and parsed and planned again on every run. The other
 * columns take their defaults.
 */
export function preparedInsert<
  Table extends PgTable,
  Column extends keyof InferInsertModel<Table> & string,
>(table: Table, columns: readonly Column[], name: string) {
  return perDatabase((db) =>
    db.insert(table).values(placeholdersFor<Table>(columns)).returning().prepare(name),
  );
}
