import { ACTIVE_STATUS, type PersonStatus } from '@examiq/contracts';
import { type AnyColumn, and, eq, not, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FieldErrors } from '../errors';
import type { AppDatabase } from './client';
import { users } from './schema';

/**
 * A student or faculty member is Active while their record and their account both are (a
 * deactivated account cannot sign in). Reads `users`, which the query must join.
 */
export function personStatusIs(status: PersonStatus, recordStatus: AnyColumn): SQL {
  const active = and(eq(recordStatus, ACTIVE_STATUS), eq(users.isActive, true)) as SQL;
  return status === ACTIVE_STATUS ? active : not(active);
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
