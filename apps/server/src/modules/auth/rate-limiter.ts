import { and, gte, like, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { rateLimits } from '../../db/schema';

/**
 * Fixed-window counters shared by every API process behind a load balancer: kept in the database,
 * or in Redis when one is configured (see redis-limit-store.ts). An attempt is counted before it
 * is made (a reservation), so attempts sent together cannot all pass the check.
 */
export interface LimitRule {
  key: string;
  /** Attempts a window counts before the rule holds the next one back. */
  max: number;
  windowSeconds: number;
  /**
   * Beyond `max`, attempts are slowed down instead of refused until the window ends: each waits
   * twice as long as the one before, from the first delay up to the longest.
   */
  slowdown?: Slowdown;
}

export interface Slowdown {
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

export interface Reservation {
  /** Seconds until an attempt can be counted, or null when this one was. */
  waitSeconds: number | null;
  /**
   * Held back only by attempts still being verified, not by failures: a correct password of
   * theirs gives its place back within moments, so the caller may try again shortly.
   */
  heldByPending: boolean;
  /** Each counted rule's number of attempts in its window, this one included. */
  counts: ReadonlyMap<string, number>;
}

/** A slowed-down rule: its attempts in the window and until when the next one waits. */
export interface SlowedDown {
  key: string;
  count: number;
  slowedUntil: Date;
}

export interface LimitStore {
  /** Counts an attempt on every rule, or on none when one holds it back, in one atomic step. */
  reserve(rules: readonly LimitRule[]): Promise<Reservation>;
  /** The counted attempt failed: it stays counted. */
  confirmFailure(rules: readonly LimitRule[]): Promise<void>;
  /** It succeeded: `released` rules give its place back, `cleared` ones forget every failure. */
  confirmSuccess(released: readonly LimitRule[], cleared: readonly LimitRule[]): Promise<void>;
  /** The rules whose key starts with `prefix` that are slowing attempts down in this window. */
  slowedDown(prefix: string, rule: Omit<LimitRule, 'key'>): Promise<SlowedDown[]>;
}

/** A counter as the store holds it, its times relative to the store's clock. */
export interface CounterState {
  count: number;
  pending: number;
  elapsedSeconds: number;
  /** Seconds until a slowed-down rule's next attempt, negative or null when none waits. */
  blockedSeconds: number | null;
}

/** What a reservation writes for one rule. */
export interface CounterUpdate {
  key: string;
  count: number;
  pending: number;
  /** The window is over: a new one starts now. */
  restart: boolean;
  /** A slowed-down rule's next attempt waits this long, or null to keep its wait. */
  delaySeconds: number | null;
}

export function slowdownDelay({ firstDelaySeconds, maxDelaySeconds }: Slowdown, beyond: number) {
  return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** beyond);
}

/** The database store's decision, made on counters it has locked. */
export function reservationOf(
  rules: readonly LimitRule[],
  states: ReadonlyMap<string, CounterState>,
): { reservation: Reservation; updates: CounterUpdate[] } {
  let waitSeconds: number | null = null;
  let heldByPending = true;
  const updates: CounterUpdate[] = [];
  for (const rule of rules) {
    const state = states.get(rule.key);
    const live = state && state.elapsedSeconds < rule.windowSeconds ? state : undefined;
    const count = live?.count ?? 0;
    const pending = live?.pending ?? 0;
    let wait: number | null = null;
    if (rule.slowdown) {
      const blocked = live?.blockedSeconds ?? 0;
      if (count >= rule.max && blocked > 0) {
        wait = blocked;
        heldByPending = false;
      }
    } else if (count >= rule.max) {
      wait = rule.windowSeconds - (live?.elapsedSeconds ?? 0);
      if (count - pending >= rule.max) heldByPending = false;
    }
    if (wait !== null) waitSeconds = Math.max(waitSeconds ?? 0, Math.ceil(wait), 1);
    const delaySeconds =
      rule.slowdown && count + 1 >= rule.max
        ? slowdownDelay(rule.slowdown, count + 1 - rule.max)
        : null;
    updates.push({
      key: rule.key,
      count: count + 1,
      pending: pending + 1,
      restart: !live,
      delaySeconds,
    });
  }
  if (waitSeconds !== null) {
    return { reservation: { waitSeconds, heldByPending, counts: new Map() }, updates: [] };
  }
  const counts = new Map(updates.map((update) => [update.key, update.count]));
  return { reservation: { waitSeconds: null, heldByPending: false, counts }, updates };
}

/** The database clock, so processes whose clocks differ agree on the window. */
const ELAPSED_SECONDS = sql<number>`extract(epoch from now() - ${rateLimits.windowStartedAt})::float8`;
const BLOCKED_SECONDS = sql<
  number | null
>`extract(epoch from ${rateLimits.blockedUntil} - now())::float8`;

/**
 * Reads the rules' counters locked for the rest of the transaction, creating those not kept yet:
 * a parallel reservation of the same rules waits for this one's decision. In key order, so two
 * reservations never wait for each other.
 */
function lockCounters(tx: AppDatabase, keys: readonly string[]) {
  return tx
    .insert(rateLimits)
    .values([...keys].sort().map((key) => ({ key, count: 0, windowStartedAt: sql`now()` })))
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count}` } })
    .returning({
      key: rateLimits.key,
      count: rateLimits.count,
      pending: rateLimits.pending,
      elapsedSeconds: ELAPSED_SECONDS,
      blockedSeconds: BLOCKED_SECONDS,
    });
}

async function writeCounters(tx: AppDatabase, updates: readonly CounterUpdate[]): Promise<void> {
  const values = sql.join(
    updates.map(
      (update) =>
        sql`(${update.key}::text, ${update.count}::int, ${update.pending}::int, ${update.restart}::boolean, ${update.delaySeconds}::float8)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${rateLimits} set
      count = v.count,
      pending = v.pending,
      window_started_at = case when v.restart then now() else ${rateLimits.windowStartedAt} end,
      blocked_until = case
        when v.delay is not null then now() + make_interval(secs => v.delay)
        when v.restart then null
        else ${rateLimits.blockedUntil} end
    from (values ${values}) as v(key, count, pending, restart, delay)
    where ${rateLimits.key} = v.key`);
}

const KEYS_ARE_PLACEHOLDER = sql`${rateLimits.key} = any(${sql.placeholder('keys')}::text[])`;

/** Planned once per connection, as the statements below. */
const confirmFailureStatement = perDatabase((db) =>
  db
    .update(rateLimits)
    .set({ pending: sql`greatest(${rateLimits.pending} - 1, 0)` })
    .where(KEYS_ARE_PLACEHOLDER)
    .prepare('rate_limit_failure'),
);

/** One statement: the cleared counters go and the released ones give a place back. */
const confirmSuccessStatement = perDatabase((db) => {
  const cleared = db.$with('cleared').as(
    db
      .delete(rateLimits)
      .where(sql`${rateLimits.key} = any(${sql.placeholder('cleared')}::text[])`)
      .returning({ key: rateLimits.key }),
  );
  return db
    .with(cleared)
    .update(rateLimits)
    .set({
      count: sql`greatest(${rateLimits.count} - 1, 0)`,
      pending: sql`greatest(${rateLimits.pending} - 1, 0)`,
    })
    .where(KEYS_ARE_PLACEHOLDER)
    .prepare('rate_limit_success');
});

export function databaseLimitStore(db: AppDatabase): LimitStore {
  return {
    reserve: (rules) =>
      db.transaction(async (tx) => {
        const rows = await lockCounters(tx, [...new Set(rules.map((rule) => rule.key))]);
        const { reservation, updates } = reservationOf(
          rules,
          new Map(rows.map((row) => [row.key, row])),
        );
        if (updates.length > 0) await writeCounters(tx, updates);
        return reservation;
      }),
    async confirmFailure(rules) {
      await confirmFailureStatement(db).execute({ keys: rules.map((rule) => rule.key) });
    },
    async confirmSuccess(released, cleared) {
      await confirmSuccessStatement(db).execute({
        keys: released.map((rule) => rule.key),
        cleared: cleared.map((rule) => rule.key),
      });
    },
    async slowedDown(prefix, rule) {
      const rows = await db
        .select({
          key: rateLimits.key,
          count: rateLimits.count,
          slowedUntil: rateLimits.blockedUntil,
        })
        .from(rateLimits)
        .where(
          and(
            like(rateLimits.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`),
            gte(rateLimits.count, rule.max),
            sql`${rateLimits.windowStartedAt} > now() - make_interval(secs => ${rule.windowSeconds})`,
          ),
        )
        .orderBy(rateLimits.key);
      return rows.flatMap(({ slowedUntil, ...row }) =>
        slowedUntil ? [{ ...row, slowedUntil: new Date(slowedUntil) }] : [],
      );
    },
  };
}
