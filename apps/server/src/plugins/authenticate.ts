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
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw new ApiError(401, AUTH_MESSAGES.missingToken);
    const token = BEARER.exec(header)?.[1];
    const claims = token ? await verifyAccessToken(config, token) : null;
    if (!claims) throw new ApiError(401, AUTH_MESSAGES.invalidToken);
    const state = commitState(db);
    // Awaited by the session's check or the answer's, or by neither when both read anew.
    state.catch(ignore);
    request.commitState = state;
    // Awaited before the handler runs, whatever the method: a handler never works for a session
    // that has ended. The session cache makes the wait a memory read while nothing changed.
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
      throw new ApiError(401, AUTH_MESSAGES.invalidToken);
    }
    // Decided here, not by the browser that shows the change screen: any client gets the 403.
    if (session.passwordChangeRequired && !request.routeOptions.config.beforePasswordChange) {
      throw new ApiError(403, AUTH_MESSAGES.passwordChangeRequired);
    }
    request.auth = { userId: claims.userId, role: claims.role, sessionId: claims.sessionId };
  });
}

/** onRequest hook after `authenticate`: 403 for any other role. */
export function requireRole(role: Role): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.auth.role !== role) throw new ApiError(403, AUTH_MESSAGES.forbidden);
  };
}
