import { type ApiError, FieldErrors } from '../errors';

/** SQLSTATE codes of the constraint violations a client's request can cause. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const NOT_NULL_VIOLATION = '23502';
/** A delete of a row an `on delete restrict` foreign key still points at. */
export const RESTRICT_VIOLATION = '23001';

/**
 * Whether a query failed with the given SQLSTATE, on either engine. Drizzle wraps the driver's
 * error (pg's DatabaseError, PGlite's error, both carrying `code`) in a DrizzleQueryError whose
 * `cause` is the original, so the cause chain is followed.
 */
export function failedWithSqlState(error: unknown, sqlState: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === sqlState) return true;
  }
  return false;
}

/**
 * Runs an insert and turns the constraint violations a client can cause into client errors. The
 * constraints decide, not an earlier lookup, so two concurrent creates cannot both pass.
 */
export async function insertOne<Row>(
  insert: Promise<Row[]>,
  errors: { duplicate: () => Promise<ApiError> | ApiError; missingParent?: Record<string, string> },
): Promise<Row> {
  try {
    const [row] = await insert;
    if (!row) throw new Error('An insert returned no row');
    return row;
  } catch (error) {
    if (failedWithSqlState(error, UNIQUE_VIOLATION)) throw await errors.duplicate();
    if (errors.missingParent && failedWithSqlState(error, FOREIGN_KEY_VIOLATION)) {
      throw new FieldErrors(errors.missingParent);
    }
    throw error;
  }
}
