import { AUTH_MESSAGES, type Role } from '@examiq/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import type { AppDatabase } from '../db/client';
import { sharedRead } from '../db/shared-read';
import { ApiError } from '../errors';
import { findLiveSession } from '../modules/auth/auth.service';
import { verifyAccessToken } from '../modules/auth/tokens';

export interface AuthContext {
  userId: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless the bearer token belongs to a live session of an active user. */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; read it only in routes behind that hook. */
    auth: AuthContext;
  }
}

const BEARER = /^Bearer +(\S+)\s*$/i;

export function registerAuthentication(
  app: FastifyInstance,
  { db, config }: { db: AppDatabase; config: Config },
): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  // The requests a page fires together with one token share one look-up of its session, never
  // one begun before they arrived.
  const liveSession = sharedRead((sessionId: string) => findLiveSession(db, sessionId));
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw new ApiError(401, AUTH_MESSAGES.missingToken);
    const token = BEARER.exec(header)?.[1];
    const claims = token ? await verifyAccessToken(config, token) : null;
    const session = claims ? await liveSession(claims.sessionId) : null;
    if (!claims || session?.userId !== claims.userId) {
      throw new ApiError(401, AUTH_MESSAGES.invalidToken);
    }
    request.auth = { userId: claims.userId, role: session.role, sessionId: claims.sessionId };
  });
}

/** onRequest hook after `authenticate`: 403 for any other role. */
export function requireRole(role: Role): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.auth.role !== role) throw new ApiError(403, AUTH_MESSAGES.forbidden);
  };
}
