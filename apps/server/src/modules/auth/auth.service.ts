import { setTimeout } from 'node:timers/promises';
import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type LoginData,
  type LoginInput,
  type Role,
  type SecurityAuditAction,
  type SlowedSignIn,
  type Tokens,
  type UpdatePasswordInput,
} from '@examiq/contracts';
import { and, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { sessions, usedRefreshTokens, users } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { auditInsertSql, recordAudit } from '../audit/audit';
import { normalizeEmail, toUserDto, type UserRow } from '../users/users.service';
import { recordAccountEvent } from './account-events';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import {
  type LimitRule,
  type LimitStore,
  type Slowdown,
  successConfirmation,
} from './rate-limiter';
import {
  hashToken,
  newRefreshToken,
  openSuccessor,
  sealSuccessor,
  signAccessToken,
} from './tokens';

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

export type RevokeReason =
  | 'logout'
  | 'password_changed'
  | 'refresh_token_reuse'
  | 'account_deactivated'
  | 'password_reset'
  | 'session_limit';

const USER_AGENT_MAX_LENGTH = 512;

/**
 * How long after a rotation the rotated refresh token still gets the pair it was rotated into:
 * two tabs refreshing at the same moment both carry on. Any later use is reuse.
 */
export const REFRESH_GRACE_SECONDS = 10;

const SLOWED_ACCOUNT_PREFIX = 'auth-failures:account:';

/** The rules of one attempt, and what a success does with each. */
interface AttemptRules {
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

/** `days` is the refresh token's lifetime, or a placeholder for it in a prepared statement. */
function sessionExpiry(days: number | SQL) {
  return sql`now() + make_interval(days => ${days})`;
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
async function verifyCredentials(
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

/**
 * Live sessions an account may have: a sign-in beyond them ends the least recently used, so a
 * script signing in again and again cannot grow the table without bound.
 */
export const SESSIONS_PER_ACCOUNT = 20;

/**
 * One statement, so atomic without a transaction and one round trip: the sign-in time is set,
 * the sessions beyond the limit ended, the session created and the sign-in recorded in the audit
 * log together, all at the statement's one now(); with the database's limit store, the attempt's
 * success is confirmed in it too. Prepared: every sign-in runs it.
 */
const signInStatement = perDatabase((db) => {
  const signedIn = db.$with('signed_in').as(
    db
      .update(users)
      .set({ lastLogin: sql`now()` })
      .where(eq(users.id, sql.placeholder('userId')))
      .returning({ id: users.id }),
  );
  // Keeps room for the new one. Two sign-ins of one account at the same moment may each leave
  // the other's in place: the limit bounds growth, it is not a quota.
  const beyondLimit = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .offset(SESSIONS_PER_ACCOUNT - 1);
  const displaced = db.$with('displaced').as(
    db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'session_limit' satisfies RevokeReason })
      .where(inArray(sessions.id, beyondLimit))
      .returning({ id: sessions.id }),
  );
  const audited = db.$with('signed_in_audit', {}).as(
    auditInsertSql({
      at: sql`now()`,
      actorUserId: sql.placeholder('userId'),
      action: sql`${'account.sign-in' satisfies SecurityAuditAction}`,
      recordType: sql`'user'`,
      recordId: sql.placeholder('userId'),
      recordLabel: sql.placeholder('email'),
      summary: sql.placeholder('auditSummary'),
    }),
  );
  const [lockedCounters, clearedCounters, releasedCounters] = successConfirmation(db);
  return db
    .with(signedIn, displaced, audited, lockedCounters, clearedCounters, releasedCounters)
    .insert(sessions)
    .values({
      userId: sql`(select ${signedIn.id} from ${signedIn})`,
      refreshTokenHash: sql.placeholder('refreshTokenHash'),
      expiresAt: sessionExpiry(sql`${sql.placeholder('ttlDays')}::int`),
      userAgent: sql.placeholder('userAgent'),
      ip: sql.placeholder('ip'),
    })
    .returning({
      id: sessions.id,
      signedInAt: sql<Date | string>`now()`,
      displaced: sql<number>`(select count(*) from ${displaced})::int`,
    })
    .prepare('sign_in');
});

/**
 * A sign-in's answer, and whether it ended another session of the account (beyond the limit):
 * that session's sockets must close at once.
 */
export interface SignIn {
  data: LoginData;
  endedAnother: boolean;
}

export async function login(
  deps: AuthDeps,
  input: LoginInput,
  client: ClientInfo,
): Promise<SignIn> {
  const { user, rules } = await verifyCredentials(
    deps,
    input.email,
    input.password,
    client,
    'sign-in',
  );
  return startSession(deps, user, rules, client);
}

/** A new session for an account whose password was just verified, with its tokens. */
async function startSession(
  { db, config, limitStore }: AuthDeps,
  user: UserRow,
  rules: AttemptRules,
  client: ClientInfo,
): Promise<SignIn> {
  const refreshToken = newRefreshToken();

  // A session that could not be written leaves the attempt counted, as a failure would be.
  const [session] = await limitStore.confirmSuccessWith(rules.released, rules.cleared, (keys) =>
    signInStatement(db).execute({
      ...keys,
      userId: user.id,
      refreshTokenHash: hashToken(refreshToken),
      ttlDays: config.refreshTokenTtlDays,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      ip: client.ip,
      email: user.email,
      auditSummary: `Signed in from ${client.ip}`,
    }),
  );
  if (!session) throw new Error('Sign-in rows were not written');
  const sessionId = session.id;
  const signedIn: UserRow = { ...user, lastLogin: new Date(session.signedInAt) };

  const accessToken = await signAccessToken(config, {
    userId: signedIn.id,
    role: signedIn.role,
    sessionId,
  });
  return {
    data: { tokens: { accessToken, refreshToken }, sessionId, user: toUserDto(signedIn) },
    endedAnother: session.displaced > 0,
  };
}

/**
 * Public (the first-login screen has no session): the current password is the proof. Every
 * session of the account ends, and a new one starts, so the person goes on signed in rather than
 * typing the new password once more.
 */
export async function changePassword(
  deps: AuthDeps,
  input: ChangePasswordInput,
  client: ClientInfo,
): Promise<LoginData> {
  const { db } = deps;
  const { user, rules } = await verifyCredentials(
    deps,
    input.email,
    input.currentPassword,
    client,
    'password-reset',
  );
  const passwordHash = await hashPassword(input.newPassword);

  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, isFirstLogin: false }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password_changed');
    await recordAccountEvent(tx, user.id, {
      action: 'account.password-reset',
      summary: `Replaced the temporary password from ${client.ip}; every session of the account ended`,
      byTheAccount: true,
    });
  });
  // Every other session has just ended: the caller announces that for the account's sockets.
  const { data } = await startSession(
    deps,
    { ...user, passwordHash, isFirstLogin: false },
    rules,
    client,
  );
  return data;
}

/**
 * A signed-in person changes their own password: checked against the current one under the
 * sign-in limits (a stolen access token must not make guessing cheaper), then every other session
 * of the account ends and this one goes on.
 */
export async function updatePassword(
  deps: AuthDeps,
  auth: { userId: string; sessionId: string },
  input: UpdatePasswordInput,
  client: ClientInfo,
): Promise<void> {
  const { db, limitStore } = deps;
  const [account] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!account) throw new ApiError(401, AUTH_MESSAGES.invalidToken);
  const { user, rules } = await verifyCredentials(
    deps,
    account.email,
    input.currentPassword,
    client,
    'password-change',
  ).catch((error: unknown) => {
    // A 401 would send the browser to sign in again: a wrong current password is a field error.
    if (error instanceof ApiError && error.statusCode === 401) {
      throw new FieldErrors({ currentPassword: AUTH_MESSAGES.wrongCurrentPassword });
    }
    throw error;
  });
  await limitStore.confirmSuccess(rules.released, rules.cleared);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions(
      tx,
      and(eq(sessions.userId, user.id), ne(sessions.id, auth.sessionId)) as SQL,
      'password_changed',
    );
    await recordAccountEvent(tx, user.id, {
      action: 'account.password-change',
      summary: `Changed the password from ${client.ip}; every other session of the account ended`,
      byTheAccount: true,
    });
  });
}

async function revokeSessions(db: AppDatabase, which: SQL, reason: RevokeReason): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(which, isNull(sessions.revokedAt)));
}

/** Ends every live session of an account: its access and refresh tokens fail at once. */
export function revokeUserSessions(
  db: AppDatabase,
  userId: string,
  reason: RevokeReason,
): Promise<void> {
  return revokeSessions(db, eq(sessions.userId, userId), reason);
}

export function revokeSession(
  db: AppDatabase,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  return revokeSessions(db, eq(sessions.id, sessionId), reason);
}

/** Logout: the session ends, and the audit log records it. */
export async function signOut(
  db: AppDatabase,
  auth: { userId: string; sessionId: string },
  client: ClientInfo,
): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, auth.sessionId, 'logout');
    await recordAccountEvent(tx, auth.userId, {
      action: 'account.sign-out',
      summary: `Signed out from ${client.ip}`,
      byTheAccount: true,
    });
  });
}

/** A refresh token used twice: the session is ended, and its account's live sockets must hear it. */
export class SessionEndedByReuse extends ApiError {
  override name = 'SessionEndedByReuse';

  constructor(readonly userId: string | null) {
    super(401, AUTH_MESSAGES.refreshTokenReused);
  }
}

/**
 * Rotates the session's refresh token in one conditional UPDATE, so of two requests presenting
 * the same token only one rotates it. The other, within the grace, gets the same new refresh
 * token (the two tabs of one browser share it); later, a token already rotated away is a stolen
 * copy or a replay, and the whole session is ended.
 */
export async function refreshSession(
  { db, config }: AuthDeps,
  input: { refreshToken: string; sessionId: string },
): Promise<Tokens> {
  const presentedHash = hashToken(input.refreshToken);
  const successor = newRefreshToken();

  const rotated = await db.transaction(async (tx) => {
    const [owner] = await tx
      .update(sessions)
      .set({
        refreshTokenHash: hashToken(successor),
        lastUsedAt: sql`now()`,
        expiresAt: sessionExpiry(config.refreshTokenTtlDays),
      })
      .from(users)
      .where(
        and(
          eq(sessions.id, input.sessionId),
          eq(sessions.refreshTokenHash, presentedHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.id, sessions.userId),
          eq(users.isActive, true),
        ),
      )
      .returning({ userId: users.id, role: users.role });
    if (!owner) return null;
    await tx.insert(usedRefreshTokens).values({
      tokenHash: presentedHash,
      sessionId: input.sessionId,
      successor: sealSuccessor(input.refreshToken, successor),
    });
    return owner;
  });
  if (rotated) return tokensOf(config, rotated, input.sessionId, successor);

  // Read after the rotation that beat this request committed: it held the session's row.
  const [used] = await db
    .select({
      successor: usedRefreshTokens.successor,
      inGrace: sql<boolean>`${usedRefreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`,
    })
    .from(usedRefreshTokens)
    .where(
      and(
        eq(usedRefreshTokens.tokenHash, presentedHash),
        eq(usedRefreshTokens.sessionId, input.sessionId),
      ),
    )
    .limit(1);
  if (!used) throw new ApiError(401, AUTH_MESSAGES.invalidRefreshToken);
  const sameSuccessor =
    used.inGrace && used.successor && openSuccessor(input.refreshToken, used.successor);
  if (!sameSuccessor) {
    const ended = await db.transaction(async (tx) => {
      const [session] = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'refresh_token_reuse' satisfies RevokeReason })
        .where(and(eq(sessions.id, input.sessionId), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId });
      if (session) {
        await recordAccountEvent(tx, session.userId, {
          action: 'account.session-ended-by-reuse',
          summary:
            'Ended a session whose refresh token was used again after it was replaced: a stolen or replayed copy',
          byTheAccount: false,
        });
      }
      return session;
    });
    throw new SessionEndedByReuse(ended?.userId ?? null);
  }
  const session = await findLiveSession(db, input.sessionId);
  if (!session) throw new ApiError(401, AUTH_MESSAGES.invalidRefreshToken);
  return tokensOf(config, session, input.sessionId, sameSuccessor);
}

async function tokensOf(
  config: Config,
  owner: { userId: string; role: Role },
  sessionId: string,
  refreshToken: string,
): Promise<Tokens> {
  const accessToken = await signAccessToken(config, {
    userId: owner.userId,
    role: owner.role,
    sessionId,
  });
  return { accessToken, refreshToken };
}

/**
 * The check behind every authenticated request (kept a few seconds by `authenticate`, which
 * forgets it as soon as a route ends a session): the session is live and its user exists and is
 * active, so logout, password changes and deleted accounts take effect at once. The role is read here
 * and must be the token's, so a token issued before a role change is refused at once too; so is
 * whether the account must still change its password, which no token could be trusted to say.
 */
const liveSession = perDatabase((db) =>
  db
    .select({
      userId: sessions.userId,
      role: users.role,
      expiresAt: sessions.expiresAt,
      passwordChangeRequired: users.isFirstLogin,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

export interface LiveSession {
  userId: string;
  role: Role;
  /** It ends then without any write: a caller holding it for later checks it again. */
  expiresAt: Date;
  /** The account must change its password (first sign-in) before it may do anything else. */
  passwordChangeRequired: boolean;
}

/** A live session with its user and role, or null when it has ended or its user is inactive. */
export async function findLiveSession(
  db: AppDatabase,
  sessionId: string,
): Promise<LiveSession | null> {
  const [row] = await liveSession(db).execute({ sessionId });
  return row ?? null;
}
