import { AUTH_MESSAGES, type Role } from '@examiq/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { ApiError } from '../../errors';
import { findLiveSession, type LiveSession } from './sessions';
import { SIGNED_IN_CLIENTS_KEPT, verifyAccessToken } from './tokens';

export interface AuthContext {
  userId: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook: 401 unless the bearer token belongs to a live session of an active user,
     * decided before any handler work, whatever the method; 403 while the account must change
     * its password, unless the route says it serves such a session.
     */
    authenticate: onRequestAsyncHookHandler;
    /**
     * Who an access token signs in, when it belongs to a live session of an active user: the
     * check `authenticate` makes, for a channel that carries its token elsewhere (the WebSocket).
     */
    verifySession: (token: string) => Promise<VerifiedSession | null>;
    /**
     * Whether the session a token signed in is still live, whatever the token's own expiry: a
     * long-lived channel holds its session, not the 15-minute token that opened it. Read from the
     * database, not the copy kept for requests: a channel's periodic check is what catches a row
     * changed outside the server.
     */
    sessionIsLive: (auth: AuthContext) => Promise<boolean>;
    /**
     * The sessions of an account, or of every account, may have ended or changed: this process
     * reads them again from the database. Called on every process by the live channel's
     * `liveRightsChanged`, which each way of ending a session announces.
     */
    forgetSessions: (of: { userId: string } | { everyone: true }) => void;
  }
  interface FastifyContextConfig {
    /**
     * The route is part of the first-login password change (who is signed in, signing out), so
     * it serves a session whose account has yet to change its password.
     */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; read it only in routes behind that hook. */
    auth: AuthContext;
  }
}

export interface VerifiedSession extends AuthContext {
  passwordChangeRequired: boolean;
}

const BEARER = /^Bearer +(\S+)\s*$/i;

/**
 * How long a live session is answered from memory. Sign-out, deactivation, a password's change or
 * reset, a refresh token's reuse, a sign-in beyond the account's session limit and an account's
 * deletion each forget it at once on every process (`forgetSessions`); this lifetime bounds only
 * what no route announces for requests: a row edited outside the server (a live channel's
 * periodic check reads the database itself). A sitting student asks about every 20
 * seconds (a save, or a heartbeat 30 s after one): with a minute, one save in three still read
 * its session, and a start the session its sign-in had kept a few minutes before.
 */
const SESSION_TRUSTED_MS = 5 * 60_000;

export function registerAuthentication(
  app: FastifyInstance,
  { db, config }: { db: AppDatabase; config: Config },
): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  // Only live sessions are kept: a refused token costs its query, and a session whose kept expiry
  // has passed is read again (a refresh may have extended it).
  const liveSessions = new LRUCache<string, LiveSession>({
    max: SIGNED_IN_CLIENTS_KEPT,
    ttl: SESSION_TRUSTED_MS,
  });
  // Counts the forgettings: a read that began before one may hold what it forgot, and is not kept.
  let forgotten = 0;
  async function readSession(sessionId: string, fresh: boolean): Promise<LiveSession | null> {
    const kept = fresh ? undefined : liveSessions.get(sessionId);
    if (kept && kept.expiresAt.getTime() > Date.now()) return kept;
    const before = forgotten;
    const session = await findLiveSession(db, sessionId);
    if (session && forgotten === before) liveSessions.set(sessionId, session);
    return session;
  }
  async function verifySession(token: string): Promise<VerifiedSession | null> {
    const claims = await verifyAccessToken(config, token);
    if (!claims) return null;
    return liveSession(claims, false);
  }
  async function liveSession(claims: AuthContext, fresh: boolean): Promise<VerifiedSession | null> {
    const session = await readSession(claims.sessionId, fresh);
    if (
      session?.userId !== claims.userId ||
      session.role !== claims.role ||
      session.expiresAt.getTime() <= Date.now()
    ) {
      return null;
    }
    return {
      userId: claims.userId,
      role: claims.role,
      sessionId: claims.sessionId,
      passwordChangeRequired: session.passwordChangeRequired,
    };
  }
  app.decorate('verifySession', (token: string) => verifySession(token));
  app.decorate(
    'sessionIsLive',
    async (auth: AuthContext) => (await liveSession(auth, true)) !== null,
  );
  app.decorate('forgetSessions', (of: { userId: string } | { everyone: true }) => {
    forgotten += 1;
    if ('everyone' in of) {
      liveSessions.clear();
      return;
    }
    const ended = [...liveSessions.entries()].filter(([, session]) => session.userId === of.userId);
    for (const [sessionId] of ended) liveSessions.delete(sessionId);
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw new ApiError(401, AUTH_MESSAGES.missingToken);
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new ApiError(401, AUTH_MESSAGES.invalidToken);
    // Awaited before the handler runs, whatever the method: a handler never works for a session
    // that has ended.
    const session = await verifySession(token);
    if (!session) throw new ApiError(401, AUTH_MESSAGES.invalidToken);
    // Decided here, not by the browser that shows the change screen: any client gets the 403.
    if (session.passwordChangeRequired && !request.routeOptions.config.beforePasswordChange) {
      throw new ApiError(403, AUTH_MESSAGES.passwordChangeRequired);
    }
    request.auth = { userId: session.userId, role: session.role, sessionId: session.sessionId };
  });
}

/** onRequest hook after `authenticate`: 403 for any other role. */
export function requireRole(role: Role): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.auth.role !== role) throw new ApiError(403, AUTH_MESSAGES.forbidden);
  };
}
