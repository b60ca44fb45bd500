import { randomUUID } from 'node:crypto';
import { errorResponseSchema } from '@examiq/contracts';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { HTTPMethods, RouteOptions } from 'fastify';
import type { AppDatabase } from '../db/client';
import * as schema from '../db/schema';
import type { AuthLimits } from '../modules/auth/credentials';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface ApiRoute {
  method: Method;
  /** As registered, with `:param` and `*` placeholders. */
  url: string;
  takesBody: boolean;
  takesQuery: boolean;
  takesParams: boolean;
}

/**
 * The /api routes of the app's own route table (collected by createTestApp's onRoute hook), so a
 * route added later is covered without touching the suite. HEAD and OPTIONS are Fastify's
 * automatic companions of the GET routes.
 */
export function apiRoutes(routes: readonly RouteOptions[]): ApiRoute[] {
  const seen = new Set<string>();
  return routes.flatMap((route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method);
    return methods.flatMap((method) => {
      const key = `${method} ${route.url}`;
      if (!route.url.startsWith('/api') || !METHODS.includes(method) || seen.has(key)) return [];
      seen.add(key);
      const parts = (route.schema ?? {}) as Record<string, unknown>;
      return [
        {
          method: method as Method,
          url: route.url,
          takesBody: parts.body !== undefined,
          takesQuery: parts.querystring !== undefined,
          takesParams: parts.params !== undefined,
        },
      ];
    });
  });
}

export const routeName = (route: Pick<ApiRoute, 'method' | 'url'>) =>
  `${route.method} ${route.url}`;

/**
 * A request URL for the route: path parameters become `segment` (already URL-encoded), by default
 * a well-formed id that names no record.
 */
export function concreteUrl(url: string, segment: () => string = randomUUID): string {
  return url.replace(/:\w+/g, () => segment()).replace(/\*$/, 'unknown');
}

const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/**
 * Waits (up to 10 s) until no background job is queued or running: work an earlier request queued
 * (a published exam's messages) then writes nothing while a test compares the counts.
 */
async function jobsSettled(db: AppDatabase): Promise<void> {
  for (let poll = 0; poll < 100; poll++) {
    const [queued] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.jobs);
    if (queued?.count === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The database's snapshot as text, `xmin:xmax:in-progress ids`, and the rows counted in it. */
interface Counted {
  snapshot: string;
  rows: Record<string, number>;
}

const lastCount = new WeakMap<AppDatabase, Counted>();

async function currentSnapshot(db: AppDatabase): Promise<string> {
  const result = (await db.execute(sql`select pg_current_snapshot()::text as snapshot`)) as {
    rows: { snapshot: string }[];
  };
  return result.rows[0]?.snapshot ?? '';
}

/**
 * The number of rows of every table of stored data, in one query, keyed by table name, once the
 * background jobs have settled. Most requests of a suite write nothing, and a count of every table
 * is the dearest statement it runs: when no transaction has been given an id since the last count
 * and none was in progress at it (the snapshot is the same and lists none), nothing can have been
 * written, and the last count stands.
 */
export async function countRows(db: AppDatabase): Promise<Record<string, number>> {
  await jobsSettled(db);
  const last = lastCount.get(db);
  if (last?.snapshot.endsWith(':') && last.snapshot === (await currentSnapshot(db))) {
    return { ...last.rows };
  }
  const columns = TABLES.map((table) => {
    const { name } = getTableConfig(table);
    return sql`(select count(*)::int from ${table}) as ${sql.identifier(name)}`;
  });
  // Both engines' drivers answer with `{ rows }`.
  const result = (await db.execute(
    sql`select pg_current_snapshot()::text as snapshot, ${sql.join(columns, sql`, `)}`,
  )) as { rows: (Record<string, number> & { snapshot: string })[] };
  const [counted] = result.rows;
  if (!counted) throw new Error('The row count query returned nothing');
  const { snapshot, ...rows } = counted;
  lastCount.set(db, { snapshot, rows });
  return rows;
}

/** Everything stored in every table, as text, to search for values that must not be stored. */
export async function dumpAllTables(db: AppDatabase): Promise<string> {
  const dumps = await Promise.all(TABLES.map((table) => db.select().from(table)));
  return JSON.stringify(dumps);
}

/** Texts that betray internals: a stack frame, a dependency path, or SQL. */
const INTERNALS = [
  /\bat .*[/\\].*:\d+/,
  /node_modules/,
  // Messages say "Please select a batch": SQL is `select … from`.
  /\bselect\b[^"]*\bfrom\b/i,
  /insert into/i,
  /syntax error/i,
  /relation "/i,
];

/** Why a non-2xx body breaks the error contract or leaks internals, or null when it is fine. */
export function errorBodyProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
  if (!errorResponseSchema.strict().safeParse(parsed).success) {
    return `not the error contract: ${body.slice(0, 200)}`;
  }
  const leak = INTERNALS.find((pattern) => pattern.test(body));
  return leak ? `leaks internals (${leak}): ${body.slice(0, 200)}` : null;
}

/** Limits high enough that fuzzed sign-ins reach validation and password checks instead of 429. */
export const UNREACHED_AUTH_LIMITS: AuthLimits = {
  pair: { max: 1_000_000, windowSeconds: 60 },
  address: { max: 1_000_000, windowSeconds: 60 },
  account: {
    max: 1_000_000,
    windowSeconds: 60,
    slowdown: { firstDelaySeconds: 1, maxDelaySeconds: 1 },
  },
};
