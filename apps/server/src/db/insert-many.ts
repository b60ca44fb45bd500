import { getTableColumns, type InferInsertModel, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * An insert of many rows with one parameter, for a prepared statement: the rows travel as JSON and
 * the database unpacks them into the table's row type. A multi-row VALUES insert binds a
 * parameter per row and column, so its text changes with the number of rows and is built, parsed
 * and planned anew each time; with hundreds of rows (the questions of an exam) that costs several
 * times the insert itself.
 *
 * `columns` are the ones every insert gives, in any row: a column a row leaves out is null in it.
 * The other columns take their defaults.
 */
export function insertMany<Table extends PgTable, Key extends keyof InferInsertModel<Table>>(
  table: Table,
  columns: readonly Key[],
) {
  const byKey: Record<string, PgColumn> = getTableColumns(table);
  const names = columns.map((key) => {
    const column = byKey[String(key)];
    if (!column) throw new Error(`${String(key)} is not a column of the table`);
    return column.name;
  });
  const columnList = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  return {
    /** The insert, reading the rows from the placeholder `placeholder`. */
    statement: (placeholder: string): SQL =>
      sql`insert into ${table} (${columnList}) select ${columnList} from json_populate_recordset(null::${table}, ${sql.placeholder(placeholder)}::json)`,
    /**
     * The rows as the placeholder's value. Values go as JSON writes them (arrays become the
     * column's array type). Each row is built property by property: from entries, the 250
     * questions of an exam take twice as long to build and write out. The text goes as bytes:
     * PGlite's driver measures a string's UTF-8 length in JavaScript, character by character,
     * where Node encodes it natively (a json parameter's binary form is its text).
     */
    rows: (rows: Pick<InferInsertModel<Table>, Key>[]): Buffer =>
      Buffer.from(
        JSON.stringify(
          rows.map((row) => {
            const record: Record<string, unknown> = {};
            columns.forEach((key, index) => {
              record[names[index] as string] = row[key] ?? null;
            });
            return record;
          }),
        ),
      ),
  };
}
