import { setTimeout } from 'node:timers/promises';
import { AUTH_MESSAGES, type SecurityAuditAction, type SlowedSignIn } from '@examiq/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';
import { normalizeEmail, type UserRow } from '../users/users.service';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import type { LimitRule, LimitStore, Slowdown } from './rate-limiter';

export interface FailureLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Failed sign-in attempts allowed per account and client address (or per browser that signed in
 * to the account before), and per address; for an account as a whole, failures beyond `max` slow
 * attempts down rather than lock it, so nobody can lock an account out by failing on purpose.
 */
export interface AuthLimits {
  pair: FailureLimit;
  address: FailureLimit;
  account: FailureLimit & { slowdown: Slowdown };
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  pair: { max: 10, windowSeconds: 15 * 60 },
  address: { max: 100, windowSeconds: 15 * 60 },
  account: {
    max: 10,
    windowSeconds: 15 * 60,
    slowdown: { firstDelaySeconds: 1, maxDelaySeconds: 5 * 60 },
  },
};

export interface AuthDeps {
  db: AppDatabase;
  config: Config;
  limits: AuthLimits;
  limitStore: LimitStore;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  /** The device id of a cookie from an earlier sign-in to the account the request names. */
  trustedDevice?: string | undefined;
}

const SLOWED_ACCOUNT_PREFIX = 'auth-failures:account:';

/** The rules of one attempt, and what a success does with each. */
export interface AttemptRules {
  all: LimitRule[];
  /** The rule of this account from this client: reaching its limit locks the client out. */
  client: LimitRule;
  /** Failures of this account and client, or of the whole account, forgotten on a success. */
  cleared: LimitRule[];
  /** The address's count, where a success only gives its own place back. */
  released: LimitRule[];
  account: LimitRule | undefined;
}

function limitRules(limits: AuthLimits, email: string, client: ClientInfo): AttemptRules {
  const account = normalizeEmail(email);
  if (client.trustedDevice) {
    const device = { key: `auth-failures:device:${client.trustedDevice}`, ...limits.pair };
    return { all: [device], client: device, cleared: [device], released: [], account: undefined };
  }
  const pair = { key: `auth-failures:pair:${client.ip}:${account}`, ...limits.pair };
  const address = { key: `auth-failures:address:${client.ip}`, ...limits.address };
  const accountWide = { key: SLOWED_ACCOUNT_PREFIX + account, ...limits.account };
  return {
    all: [pair, address, accountWide],
    client: pair,
    cleared: [pair, accountWide],
    released: [address],
    account: accountWide,
  };
}

/** The first wait for attempts still being verified; each next one doubles, up to a second. */
const PENDING_RETRY_MS = 50;
const PENDING_RETRY_MAX_MS = 1000;
/** How long an attempt waits for others still being verified before it is refused. */
const PENDING_WAIT_MS = 15_000;

/**
 * Counts the attempt before its password is verified. When only attempts still being verified
 * hold it back (a lab signing in at once from one address), it waits for them: their correct
 * passwords give their places back. The waits grow, so many waiting attempts do not keep the
 * store busy.
 */
async function reserveAttempt(store: LimitStore, rules: readonly LimitRule[], email: string) {
  const deadline = Date.now() + PENDING_WAIT_MS;
  for (let retry = 0; ; retry += 1) {
    const reservation = await store.reserve(rules, email);
    const { waitSeconds } = reservation;
    if (waitSeconds === null) return reservation;
    if (!reservation.heldByPending || Date.now() >= deadline) {
      throw new ApiError(429, AUTH_MESSAGES.tooManyAttempts(waitSeconds), {
        'retry-after': String(waitSeconds),
      });
    }
    const wait = Math.min(PENDING_RETRY_MS * 2 ** retry, PENDING_RETRY_MAX_MS);
    await setTimeout(wait * (0.5 + Math.random() / 2));
  }
}

/** What a password is checked for, and how the audit log names a refusal of each. */
const CREDENTIAL_CHECKS = {
  'sign-in': { refused: 'account.sign-in-refused', wrongPassword: 'Wrong password' },
  'password-reset': {
    refused: 'account.password-reset-refused',
    wrongPassword: 'Wrong temporary password',
  },
  'password-change': {
    refused: 'account.password-change-refused',
    wrongPassword: 'Wrong current password',
  },
} as const satisfies Record<string, { refused: SecurityAuditAction; wrongPassword: string }>;
type CredentialCheck = keyof typeof CREDENTIAL_CHECKS;

/**
 * Checks an email and password the way login and the password changes share: the attempt is
 * counted first (a correct password is refused while limited), then the password verified. A
 * failure stays counted. A success forgets the failures of its account and client: the caller
 * confirms it with `rules`, login within the session's own statement; a disabled account's is
 * confirmed here, before it is refused. A refusal for a wrong password or a disabled account is
 * recorded in the audit log; one held back by the limits is not (a flood of them would bury the
 * log), but the failure that starts a lock-out or a slowdown is.
 */
export async function verifyCredentials(
  deps: AuthDeps,
  email: string,
  password: string,
  client: ClientInfo,
  check: CredentialCheck,
): Promise<{ user: UserRow; rules: AttemptRules }> {
  const { limitStore } = deps;
  const rules = limitRules(deps.limits, email, client);
  const reservation = await reserveAttempt(limitStore, rules.all, email);
  const user = reservation.account;

  const valid = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  const { refused, wrongPassword } = CREDENTIAL_CHECKS[check];
  if (!user || !valid) {
    const { account } = rules;
    // Side by side: a refusal waits for one round trip, not one per record.
    await Promise.all([
      limitStore.confirmFailure(rules.all),
      auditRefusal(deps.db, refused, email, user, `${wrongPassword} from ${client.ip}`),
      user &&
        reservation.counts.get(rules.client.key) === rules.client.max &&
        auditLockOut(deps.db, user, rules.client, client),
      user &&
        account &&
        reservation.counts.get(account.key) === account.max &&
        auditSlowdown(deps, user),
    ]);
    throw new ApiError(401, AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.isActive) {
    await limitStore.confirmSuccess(rules.released, rules.cleared);
    await auditRefusal(
      deps.db,
      refused,
      email,
      user,
      `Account deactivated; tried from ${client.ip}`,
    );
    throw new ApiError(403, AUTH_MESSAGES.accountDisabled);
  }
  return { user, rules };
}

/**
 * A refused attempt, under the account it named; an email with no account stands for itself (the
 * sign-in form accepts only an email there, so it cannot be a password typed in the wrong field).
 */
function auditRefusal(
  db: AppDatabase,
  action: SecurityAuditAction,
  email: string,
  user: UserRow | null,
  summary: string,
): Promise<void> {
  const account = user ? { recordId: user.id, recordLabel: user.email } : null;
  const typed = normalizeEmail(email);
  return recordAudit(db, null, {
    action,
    recordType: 'user',
    ...(account ?? { recordId: typed, recordLabel: typed }),
    summary: account ? summary : `${summary} (no account has this email)`,
  });
}

/** The failure that locks an account out from one client tells the admins, through the log. */
function auditLockOut(
  db: AppDatabase,
  user: UserRow,
  rule: LimitRule,
  client: ClientInfo,
): Promise<void> {
  const minutes = Math.round(rule.windowSeconds / 60);
  const from = client.trustedDevice ? 'a browser that signed in to it before' : client.ip;
  return recordAudit(db, null, {
    action: 'account.sign-in-locked',
    recordType: 'user',
    recordId: user.id,
    recordLabel: user.email,
    summary: `Sign-ins from ${from} refused for ${minutes} minutes after ${rule.max} failed passwords`,
  });
}

/** The failure that starts an account's slowdown tells the admins, through the audit log. */
function auditSlowdown({ db, limits }: AuthDeps, user: UserRow): Promise<void> {
  const minutes = Math.round(limits.account.windowSeconds / 60);
  return recordAudit(db, null, {
    action: 'account.sign-in-slowed' satisfies SecurityAuditAction,
    recordType: 'user',
    recordId: user.id,
    recordLabel: user.email,
    summary: `Sign-in slowed down after ${limits.account.max} failed passwords within ${minutes} minutes`,
  });
}

/**
 * Accounts whose sign-ins are being slowed down now, for the admins to see. Emails without an
 * account are left out: failures on them lock nobody out, and they would bury the real ones.
 */
export async function slowedSignIns({ db, limits, limitStore }: AuthDeps): Promise<SlowedSignIn[]> {
  const slowed = await limitStore.slowedDown(SLOWED_ACCOUNT_PREFIX, limits.account);
  if (slowed.length === 0) return [];
  const emails = slowed.map(({ key }) => key.slice(SLOWED_ACCOUNT_PREFIX.length));
  const accounts = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const emailOf = new Map(accounts.map(({ email }) => [normalizeEmail(email), email]));
  return slowed.flatMap(({ key, count, slowedUntil }) => {
    const email = emailOf.get(key.slice(SLOWED_ACCOUNT_PREFIX.length));
    return email ? [{ email, failedAttempts: count, slowedUntil: slowedUntil.toISOString() }] : [];
  });
}
