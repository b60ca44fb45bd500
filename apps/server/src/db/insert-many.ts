import { getTableColumns, type InferInsertModel, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * An insert of many rows with one parameter, to run as a statement or as part of one: the rows
 * travel as JSON and the database unpacks them into the table's row type. A multi-row VALUES
 * insert binds a parameter per row and column, and with hundreds of rows (the questions of an
 * exam) building and binding those costs several times the insert itself.
 *
 * Values go as JSON writes them (arrays become the column's array type). A column that some row
 * gives is null in the rows that leave it out; a column no row gives takes its default.
 */
export function insertMany<Table extends PgTable>(
  table: Table,
  rows: InferInsertModel<Table>[],
): SQL {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return column.name;
  });
  const records = rows.map((row) => {
    const given = new Map(Object.entries(row));
    return Object.fromEntries(keys.map((key, index) => [names[index], given.get(key) ?? null]));
  });
  const columnList = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  return sql`insert into ${table} (${columnList}) select ${columnList} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`;
}
