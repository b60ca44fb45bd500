import type pg from 'pg';

/**
 * Calls `start` as each statement of the pool's connections is sent and, when it returns a
 * function, that function as the statement completes, failed or not. The pool's own query()
 * passes a callback; a client's caller awaits the promise. Either way `finish` runs before the
 * caller goes on.
 */
export function onEachQuery(
  pool: pg.Pool,
  start: (text: string) => (() => void) | undefined,
): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [statement] = args;
      const text = typeof statement === 'string' ? statement : (statement as pg.QueryConfig).text;
      const finish = start(text);
      if (!finish) return query(...args);
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        return query(...args.slice(0, -1), (...outcome: unknown[]) => {
          finish();
          return callback(...outcome);
        });
      }
      const result = query(...args);
      if (result instanceof Promise) result.then(finish, finish);
      return result;
    }) as typeof client.query;
  });
}
