import { and, gte, inArray, like, type SQL, sql } from 'drizzle-orm';
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
  /**
   * The same, together with the database statement that follows a success (the sign-in's
   * session): the database store has `write` confirm in that statement, with the keys it is
   * given (`successConfirmation`), so a sign-in takes one round trip fewer; another store
   * confirms beside it and gives `write` no keys.
   */
  confirmSuccessWith<Written>(
    released: readonly LimitRule[],
    cleared: readonly LimitRule[],
    write: (keys: SuccessKeys) => Promise<Written>,
  ): Promise<Written>;
  /** The rules whose key starts with `prefix` that are slowing attempts down in this window. */
  slowedDown(prefix: string, rule: Omit<LimitRule, 'key'>): Promise<SlowedDown[]>;
}

/** The counters a success confirms, by key: the placeholders of `successConfirmation`. */
export interface SuccessKeys {
  releasedKeys: string[];
  clearedKeys: string[];
}

export const NO_SUCCESS_KEYS: SuccessKeys = { releasedKeys: [], clearedKeys: [] };

const successKeysOf = (released: readonly LimitRule[], cleared: readonly LimitRule[]) => ({
  releasedKeys: released.map((rule) => rule.key),
  clearedKeys: cleared.map((rule) => rule.key),
});

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

/**
 * The counters `keys` names, locked in key order, as the reservation locks them: a statement
 * that locked them in the order it meets their rows could deadlock with a reservation of the
 * same counters (a login's pair, address and account, counted by two processes at once).
 */
const lockedInKeyOrder = (db: AppDatabase, keys: SQL) =>
  db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = any(${keys})`)
    .orderBy(rateLimits.key)
    .for('update');

/** Planned once per connection, as the statements below. */
const confirmFailureStatement = perDatabase((db) =>
  db
    .update(rateLimits)
    .set({ pending: sql`greatest(${rateLimits.pending} - 1, 0)` })
    .where(inArray(rateLimits.key, lockedInKeyOrder(db, sql`${sql.placeholder('keys')}::text[]`)))
    .prepare('rate_limit_failure'),
);

/**
 * What a success does to its counters, as the common table expressions of a statement: the
 * cleared ones (placeholder `clearedKeys`) are forgotten and the released ones (`releasedKeys`)
 * give the attempt's place back, all of them locked first, together and in key order. Every
 * other statement locks counters alone or after everything else it locks, so one that also
 * writes the session cannot deadlock with them. Empty keys change nothing.
 */
export function successConfirmation(db: AppDatabase) {
  const clearedKeys = sql`${sql.placeholder('clearedKeys')}::text[]`;
  const releasedKeys = sql`${sql.placeholder('releasedKeys')}::text[]`;
  const locked = db
    .$with('confirmed_counters')
    .as(lockedInKeyOrder(db, sql`${clearedKeys} || ${releasedKeys}`));
  // An array of the locked keys is computed once, before either change touches a row.
  const lockedFirst = sql`${rateLimits.key} = any(array(select ${locked.key} from ${locked}))`;
  const cleared = db.$with('cleared_counters').as(
    db
      .delete(rateLimits)
      .where(and(sql`${rateLimits.key} = any(${clearedKeys})`, lockedFirst))
      .returning({ key: rateLimits.key }),
  );
  const released = db.$with('released_counters').as(
    db
      .update(rateLimits)
      .set({
        count: sql`greatest(${rateLimits.count} - 1, 0)`,
        pending: sql`greatest(${rateLimits.pending} - 1, 0)`,
      })
      .where(and(sql`${rateLimits.key} = any(${releasedKeys})`, lockedFirst))
      .returning({ key: rateLimits.key }),
  );
  return [locked, cleared, released] as const;
}

/** A success confirmed on its own (a change of password, a disabled account's right password). */
const confirmSuccessStatement = perDatabase((db) => {
  const [locked, cleared, released] = successConfirmation(db);
  return db
    .with(locked, cleared, released)
    .select({ cleared: sql<number>`count(*)` })
    .from(cleared)
    .prepare('rate_limit_success');
});

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
      await confirmSuccessStatement(db).execute(successKeysOf(released, cleared));
    },
    confirmSuccessWith: (released, cleared, write) => write(successKeysOf(released, cleared)),
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
