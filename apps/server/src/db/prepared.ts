import type { AppDatabase } from './client';

/**
 * A query prepared once per database and reused. On PostgreSQL a named statement is planned once
 * per pooled connection instead of on every request; for the short queries of a list page,
 * planning costs more than running them. Statement names must be unique across the server.
 */
export function preparedPerDatabase<Prepared>(
  prepare: (db: AppDatabase) => Prepared,
): (db: AppDatabase) => Prepared {
  const prepared = new WeakMap<AppDatabase, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
