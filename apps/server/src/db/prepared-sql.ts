import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { AppDatabase } from './client';

/**
 * A statement written in SQL, run as a named prepared statement: parsed and planned once per
 * connection. For the exam-day statements, whose data-modifying CTEs (an update feeding an upsert
 * from a JSON parameter) the query builder cannot express, on the path where every millisecond
 * counts. Rows come as node-postgres parses them: timestamps as Dates, bigint as text (cast in
 * the SQL where a number is wanted).
 */
export function preparedSql<Row>(name: string, text: string) {
  return async (db: AppDatabase, values: unknown[]): Promise<Row[]> => {
    const pool = (db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
    const result = await pool.query<Row & pg.QueryResultRow>({ name, text, values });
    return result.rows;
  };
}
