import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type LoginData,
  type LoginInput,
  type SecurityAuditAction,
  type UpdatePasswordInput,
} from '@examiq/contracts';
import { and, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { perDatabase } from '../../db/per-database';
import { sessions, users } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { auditInsertSql } from '../audit/audit';
import { toUserDto, type UserRow } from '../users/users.service';
import { recordAccountEvent } from './account-events';
import {
  type AttemptRules,
  type AuthDeps,
  type ClientInfo,
  verifyCredentials,
} from './credentials';
import { hashPassword } from './passwords';
import { successConfirmation } from './rate-limiter';
import { type RevokeReason, revokeSessions, revokeUserSessions, sessionExpiry } from './sessions';
import { hashToken, newRefreshToken, signAccessToken } from './tokens';

const USER_AGENT_MAX_LENGTH = 512;

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
      signInProvider: sql.placeholder('signInProvider'),
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

/** How a session was opened: the account's password, or a sign-in provider (its id and label). */
export type SignInMethod = { provider: { id: string; label: string } } | 'password';

/**
 * A new session for an account whose password was just verified, or whose sign-in a provider
 * vouched for (no limit rules then), with its tokens.
 */
export async function startSession(
  { db, config, limitStore }: AuthDeps,
  user: UserRow,
  rules: Pick<AttemptRules, 'released' | 'cleared'>,
  client: ClientInfo,
  method: SignInMethod = 'password',
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
      auditSummary:
        method === 'password'
          ? `Signed in from ${client.ip}`
          : `Signed in with ${method.provider.label} from ${client.ip}`,
      signInProvider: method === 'password' ? null : method.provider.id,
    }),
  );
  if (!session) throw new Error('Sign-in rows were not written');
  const sessionId = session.id;
  // The first-login password change is asked only of a session opened with that password.
  const signedIn: UserRow = {
    ...user,
    lastLogin: new Date(session.signedInAt),
    isFirstLogin: method === 'password' && user.isFirstLogin,
  };

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
