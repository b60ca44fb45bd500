import { AUTH_MESSAGES, type Role } from '@examiq/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import type { AppDatabase } from '../db/client';
import { type CommitState, commitState, type Dependencies } from '../db/commit-state';
import { readCache } from '../db/read-cache';
import { ApiError } from '../errors';
import { findLiveSession, type LiveSession } from '../modules/auth/auth.service';
import { SIGNED_IN_CLIENTS_KEPT, verifyAccessToken } from '../modules/auth/tokens';

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
     * long-lived channel holds its session, not the 15-minute token that opened it.
     */
    sessionIsLive: (auth: AuthContext) => Promise<boolean>;
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
    /** The database's commit state read by `authenticate` after the request arrived, if any. */
    commitState: Promise<CommitState> | null;
  }
}

export interface VerifiedSession extends AuthContext {
  passwordChangeRequired: boolean;
}

const BEARER = /^Bearer +(\S+)\s*$/i;

/** A live session is read again after a commit that changed sessions or accounts. */
const SESSION_READS: Dependencies = { sessions: 'changes', users: 'changes' };

const ignore = () => undefined;

export function registerAuthentication(
  app: FastifyInstance,
  { db, config }: { db: AppDatabase; config: Config },
): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('commitState', null);
  // A session changes only by a commit that changes or removes it or its account (sign-out,
  // deactivation) or by expiring: it is looked up again only after such a commit, and its expiry
  // checked on every request.
  const liveSessions = readCache<LiveSession | null>(db, { maxEntries: SIGNED_IN_CLIENTS_KEPT });
  /** Keeps the commit state it reads on the request it checks, when it checks one. */
  async function verifySession(
    token: string,
    request?: FastifyRequest,
  ): Promise<VerifiedSession | null> {
    const claims = await verifyAccessToken(config, token);
    if (!claims) return null;
    return liveSession(claims, request);
  }
  async function liveSession(
    claims: AuthContext,
    request?: FastifyRequest,
  ): Promise<VerifiedSession | null> {
    const state = commitState(db);
    // Awaited by the session's check or the answer's, or by neither when both read anew.
    state.catch(ignore);
    if (request) request.commitState = state;
    const session = await liveSessions(
      claims.sessionId,
      SESSION_READS,
      () => findLiveSession(db, claims.sessionId),
      state,
    );
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
  app.decorate('sessionIsLive', async (auth: AuthContext) => (await liveSession(auth)) !== null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw new ApiError(401, AUTH_MESSAGES.missingToken);
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new ApiError(401, AUTH_MESSAGES.invalidToken);
    // Awaited before the handler runs, whatever the method: a handler never works for a session
    // that has ended. The session cache makes the wait a memory read while nothing changed.
    const session = await verifySession(token, request);
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
