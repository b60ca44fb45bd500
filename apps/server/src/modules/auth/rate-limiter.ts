import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { rateLimits } from '../../db/schema';

/**
 * Fixed-window counters shared by every API process behind a load balancer: kept in the database,
 * or in Redis when one is configured (see redis-limit-store.ts).
 */
export interface LimitRule {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface LimitCheck {
  /** Seconds until every exhausted rule's window ends, or null when none is exhausted. */
  waitSeconds: number | null;
  /** The rules' keys that have hits counted: a success clears those only. */
  countedKeys: ReadonlySet<string>;
}

export interface LimitStore {
  checkLimits(rules: readonly LimitRule[]): Promise<LimitCheck>;
  /** Counts one hit atomically and returns the window's count so far. */
  recordHit(rule: LimitRule): Promise<number>;
  clearHits(key: string): Promise<void>;
}

export function databaseLimitStore(db: AppDatabase): LimitStore {
  return {
    checkLimits: (rules) => checkLimits(db, rules),
    recordHit: (rule) => recordHit(db, rule),
    clearHits: (key) => clearHits(db, key),
  };
}

/** Every sign-in checks its limits: planned once per connection. */
const countersOf = perDatabase((db) =>
  db
    .select({
      key: rateLimits.key,
      count: rateLimits.count,
      // The database clock, so processes whose clocks differ agree on the window.
      elapsedSeconds: sql<number>`extract(epoch from now() - ${rateLimits.windowStartedAt})::float8`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = any(${sql.placeholder('keys')}::text[])`)
    .prepare('rate_limit_counters'),
);

export async function checkLimits(
  db: AppDatabase,
  rules: readonly LimitRule[],
): Promise<LimitCheck> {
  const rows = await countersOf(db).execute({ keys: rules.map((rule) => rule.key) });
  let waitSeconds: number | null = null;
  for (const row of rows) {
    const rule = rules.find((candidate) => candidate.key === row.key);
    if (!rule || row.count < rule.max || row.elapsedSeconds >= rule.windowSeconds) continue;
    const remaining = Math.ceil(rule.windowSeconds - row.elapsedSeconds);
    waitSeconds = Math.max(waitSeconds ?? 0, remaining, 1);
  }
  return { waitSeconds, countedKeys: new Set(rows.map((row) => row.key)) };
}

/** Counts one hit in one atomic statement, starting a new window when the last one is over. */
export async function recordHit(db: AppDatabase, rule: LimitRule): Promise<number> {
  const windowOver = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export async function clearHits(db: AppDatabase, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
