import { sql } from 'drizzle-orm';

/** drizzle selects from a table: a select of expressions alone reads from this one-row list. */
export const SINGLE_ROW = sql`(values (1)) as single_row`;
