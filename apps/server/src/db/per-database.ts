import type { AppDatabase } from './client';

/**
 * One value per database, made at its first use and kept: above all queries prepared once and
 * reused. On PostgreSQL a named statement is planned once per pooled connection instead of on
 * every request; for the short queries of a list page, planning costs more than running them.
 * Statement names must be unique across the server.
 */
export function perDatabase<Value>(make: (db: AppDatabase) => Value): (db: AppDatabase) => Value {
  const values = new WeakMap<AppDatabase, Value>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
}
