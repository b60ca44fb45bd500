import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { rateLimits, users } from '../../db/schema';
import { EMAIL_IS_PLACEHOLDER, normalizeEmail, type UserRow } from '../users/users.service';

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

/** What a sign-in attempt needs to know before a password is verified. */
export interface SignInAttempt extends LimitCheck {
  /** The account of the attempt's email, or null when no account has it. */
  account: UserRow | null;
}

export interface LimitStore {
  /**
   * The rules' limits and the account the email names. The database store reads both in one
   * statement: a sign-in's first round trip, where the limits alone would be another.
   */
  checkAttempt(rules: readonly LimitRule[], email: string): Promise<SignInAttempt>;
  /** Counts one hit atomically and returns the window's count so far. */
  recordHit(rule: LimitRule): Promise<number>;
  clearHits(key: string): Promise<void>;
}

export function databaseLimitStore(db: AppDatabase): LimitStore {
  return {
    checkAttempt: (rules, email) => checkAttempt(db, rules, email),
    recordHit: (rule) => recordHit(db, rule),
    clearHits: (key) => clearHits(db, key),
  };
}

interface Counter {
  key: string;
  count: number;
  elapsedSeconds: number;
}

const KEYS_ARE_PLACEHOLDER = sql`${rateLimits.key} = any(${sql.placeholder('keys')}::text[])`;
/** The database clock, so processes whose clocks differ agree on the window. */
const ELAPSED_SECONDS = sql<number>`extract(epoch from now() - ${rateLimits.windowStartedAt})::float8`;

/** Planned once per connection, as every statement below. */
const countersOf = perDatabase((db) =>
  db
    .select({ key: rateLimits.key, count: rateLimits.count, elapsedSeconds: ELAPSED_SECONDS })
    .from(rateLimits)
    .where(KEYS_ARE_PLACEHOLDER)
    .prepare('rate_limit_counters'),
);

/** The account of an email with its limits' counters (a JSON array, empty when none is kept). */
const accountWithCounters = perDatabase((db) =>
  db
    .select({
      account: users,
      counters: sql<Counter[]>`coalesce((
        select json_agg(json_build_object(
          'key', ${rateLimits.key}, 'count', ${rateLimits.count}, 'elapsedSeconds', ${ELAPSED_SECONDS}))
        from ${rateLimits} where ${KEYS_ARE_PLACEHOLDER}
      ), '[]'::json)`,
    })
    .from(users)
    .where(EMAIL_IS_PLACEHOLDER)
    .limit(1)
    .prepare('sign_in_attempt'),
);

/**
 * An email without an account has no row to carry the counters: they are read on their own. Only
 * failing attempts name such an email.
 */
async function checkAttempt(
  db: AppDatabase,
  rules: readonly LimitRule[],
  email: string,
): Promise<SignInAttempt> {
  const [found] = await accountWithCounters(db).execute({
    email: normalizeEmail(email),
    keys: rules.map((rule) => rule.key),
  });
  if (!found) return { ...(await checkLimits(db, rules)), account: null };
  return { ...limitCheckOf(rules, found.counters), account: found.account };
}

export async function checkLimits(
  db: AppDatabase,
  rules: readonly LimitRule[],
): Promise<LimitCheck> {
  return limitCheckOf(rules, await countersOf(db).execute({ keys: rules.map((rule) => rule.key) }));
}

function limitCheckOf(rules: readonly LimitRule[], rows: readonly Counter[]): LimitCheck {
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
