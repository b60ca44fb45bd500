import { and, gte, inArray, like, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { rateLimits, users } from '../../db/schema';
import { EMAIL_IS_PLACEHOLDER, normalizeEmail, type UserRow } from '../users/users.service';

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

/** What a sign-in attempt needs before its password is verified. */
export interface SignInReservation extends Reservation {
  /** The account of the attempt's email, or null when no account has it. */
  account: UserRow | null;
}

/** A slowed-down rule: its attempts in the window and until when the next one waits. */
export interface SlowedDown {
  key: string;
  count: number;
  slowedUntil: Date;
}

export interface LimitStore {
  /**
   * Counts an attempt on every rule, or on none when one holds it back, in one atomic step; and
   * finds the account the email names. The database store does both in one statement: a
   * sign-in's first round trip, where the account alone would be another.
   */
  reserve(rules: readonly LimitRule[], email: string): Promise<SignInReservation>;
  /** The counted attempt failed: it stays counted. */
  confirmFailure(rules: readonly LimitRule[]): Promise<void>;
  /** It succeeded: `released` rules give its place back, `cleared` ones forget every failure. */
  confirmSuccess(released: readonly LimitRule[], cleared: readonly LimitRule[]): Promise<void>;
  /** The rules whose key starts with `prefix` that are slowing attempts down in this window. */
  slowedDown(prefix: string, rule: Omit<LimitRule, 'key'>): Promise<SlowedDown[]>;
}

const reservation = sql`examiq_reserve_limits(${sql.placeholder('keys')}::text[],
  ${sql.placeholder('maxes')}::integer[], ${sql.placeholder('windows')}::float8[],
  ${sql.placeholder('firstDelays')}::float8[], ${sql.placeholder('maxDelays')}::float8[])`;

/**
 * The reservation (examiq_reserve_limits, migration 0015) with the email's account. Prepared, as
 * the statements below: every sign-in runs it.
 */
const reserveStatement = perDatabase((db) =>
  db
    .select({
      waitSeconds: sql<number | null>`wait_seconds`,
      heldByPending: sql<boolean>`held_by_pending`,
      counts: sql<number[]>`counts`,
      account: users,
    })
    .from(sql`${reservation} as reservation`)
    .leftJoin(users, EMAIL_IS_PLACEHOLDER)
    .prepare('sign_in_reservation'),
);

const keysArePlaceholder = (name: string) =>
  sql`${rateLimits.key} = any(${sql.placeholder(name)}::text[])`;

/**
 * The counters a placeholder names, locked in key order, as the reservation locks them: a
 * statement that locked them in the order it meets their rows could deadlock with a reservation
 * of the same counters (a login's pair, address and account, counted by two processes at once).
 */
const lockedInKeyOrder = (db: AppDatabase, name: string) =>
  db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(keysArePlaceholder(name))
    .orderBy(rateLimits.key)
    .for('update');

/** Planned once per connection, as the statements below. */
const confirmFailureStatement = perDatabase((db) =>
  db
    .update(rateLimits)
    .set({ pending: sql`greatest(${rateLimits.pending} - 1, 0)` })
    .where(inArray(rateLimits.key, lockedInKeyOrder(db, 'keys')))
    .prepare('rate_limit_failure'),
);

/**
 * A success forgets the cleared counters and gives its place back to the released ones: two
 * statements, each locking its own counters in key order and holding them only while it runs.
 */
const clearStatement = perDatabase((db) =>
  db
    .delete(rateLimits)
    .where(inArray(rateLimits.key, lockedInKeyOrder(db, 'keys')))
    .prepare('rate_limit_clear'),
);

const releaseStatement = perDatabase((db) =>
  db
    .update(rateLimits)
    .set({
      count: sql`greatest(${rateLimits.count} - 1, 0)`,
      pending: sql`greatest(${rateLimits.pending} - 1, 0)`,
    })
    .where(inArray(rateLimits.key, lockedInKeyOrder(db, 'keys')))
    .prepare('rate_limit_release'),
);

export function databaseLimitStore(db: AppDatabase): LimitStore {
  return {
    async reserve(rules, email) {
      const [row] = await reserveStatement(db).execute({
        email: normalizeEmail(email),
        keys: rules.map((rule) => rule.key),
        maxes: rules.map((rule) => rule.max),
        windows: rules.map((rule) => rule.windowSeconds),
        firstDelays: rules.map((rule) => rule.slowdown?.firstDelaySeconds ?? null),
        maxDelays: rules.map((rule) => rule.slowdown?.maxDelaySeconds ?? null),
      });
      if (!row) throw new Error('The reservation answered nothing');
      if (row.waitSeconds !== null) {
        return {
          waitSeconds: Math.max(Math.ceil(row.waitSeconds), 1),
          heldByPending: row.heldByPending,
          counts: new Map(),
          account: row.account,
        };
      }
      const counts = new Map(rules.map((rule, index) => [rule.key, Number(row.counts[index])]));
      return { waitSeconds: null, heldByPending: false, counts, account: row.account };
    },
    async confirmFailure(rules) {
      await confirmFailureStatement(db).execute({ keys: rules.map((rule) => rule.key) });
    },
    async confirmSuccess(released, cleared) {
      if (cleared.length > 0) {
        await clearStatement(db).execute({ keys: cleared.map((rule) => rule.key) });
      }
      if (released.length > 0) {
        await releaseStatement(db).execute({ keys: released.map((rule) => rule.key) });
      }
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
