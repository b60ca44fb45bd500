import { AUTH_MESSAGES, type Role, type Tokens } from '@examiq/contracts';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { sessions, usedRefreshTokens, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAccountEvent } from './account-events';
import type { AuthDeps, ClientInfo } from './credentials';
import {
  hashToken,
  newRefreshToken,
  openSuccessor,
  sealSuccessor,
  signAccessToken,
} from './tokens';

export type RevokeReason =
  | 'logout'
  | 'password_changed'
  | 'refresh_token_reuse'
  | 'account_deactivated'
  | 'password_reset'
  | 'session_limit';

/**
 * How long after a rotation the rotated refresh token still gets the pair it was rotated into:
 * two tabs refreshing at the same moment both carry on. Any later use is reuse.
 */
export const REFRESH_GRACE_SECONDS = 10;

/** `days` is the refresh token's lifetime, or a placeholder for it in a prepared statement. */
export function sessionExpiry(days: number | SQL) {
  return sql`now() + make_interval(days => ${days})`;
}

export async function revokeSessions(
  db: AppDatabase,
  which: SQL,
  reason: RevokeReason,
): Promise<void> {
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
      // A session a provider vouched for never used the temporary password.
      passwordChangeRequired: sql<boolean>`${users.isFirstLogin} and ${sessions.signInProvider} is null`,
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
