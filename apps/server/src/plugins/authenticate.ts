import { AUTH_MESSAGES, type Role } from '@examiq/contracts';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendHookHandler,
} from 'fastify';
import type { Config } from '../config';
import type { AppDatabase } from '../db/client';
import { type CommitState, commitState, type Dependencies } from '../db/commit-state';
import { readCache } from '../db/read-cache';
import { ApiError } from '../errors';
import { findLiveSession, type LiveSession } from '../modules/auth/auth.service';
import { SIGNED_IN_CLIENTS_KEPT, verifyAccessToken } from '../modules/auth/tokens';
import { errorAnswer } from './error-handler';

export interface AuthContext {
  userId: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook: 401 unless the bearer token belongs to a live session of an active user (on
     * a reading request, checked before its answer is sent).
     */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; read it only in routes behind that hook. */
    auth: AuthContext;
    /** The database's commit state read by `authenticate` after the request arrived, if any. */
    commitState: Promise<CommitState> | null;
    /**
     * Set by `authenticate` on a reading request: the confirmation that its session is live,
     * awaited before anything is sent.
     */
    sessionCheck: Promise<void> | null;
  }
}

const BEARER = /^Bearer +(\S+)\s*$/i;

/** A live session is read again after a commit that changed sessions or accounts. */
const SESSION_READS: Dependencies = { sessions: 'changes', users: 'changes' };

/**
 * Methods whose handlers only read. Their answer is worked out while the session is being
 * confirmed, and sent only once it is: a request pays for the slower of the two, not for both.
 */
const READING_METHODS = new Set(['GET', 'HEAD']);

const ignore = () => undefined;

export function registerAuthentication(
  app: FastifyInstance,
  { db, config }: { db: AppDatabase; config: Config },
): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('commitState', null);
  app.decorateRequest('sessionCheck', null);
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
    const check = liveSessions(
      claims.sessionId,
      SESSION_READS,
      () => findLiveSession(db, claims.sessionId),
      state,
    ).then((session) => {
      if (
        session?.userId !== claims.userId ||
        session.role !== claims.role ||
        session.expiresAt.getTime() <= Date.now()
      ) {
        throw new ApiError(401, AUTH_MESSAGES.invalidToken);
      }
    });
    request.auth = { userId: claims.userId, role: claims.role, sessionId: claims.sessionId };
    if (!READING_METHODS.has(request.method)) return check;
    check.catch(ignore);
    request.sessionCheck = check;
  });
  // Whatever a reading request's answer (its data, a 403, a 404), a session that fails its check
  // gets the check's 401 instead. On every route, so that none can send an unchecked answer; not
  // on the answer to an unknown path, which no route handles.
  const sendChecked: onSendHookHandler = (request, reply, payload, done) => {
    const check = request.sessionCheck;
    if (!check) {
      done(null, payload);
      return;
    }
    request.sessionCheck = null;
    check.then(
      () => done(null, payload),
      (error: unknown) => {
        reply.type('application/json; charset=utf-8');
        done(null, JSON.stringify(errorAnswer(error, request, reply)));
      },
    );
  };
  app.addHook('onRoute', (route) => {
    route.onSend = [...[route.onSend ?? []].flat(), sendChecked];
  });
}

/** onRequest hook after `authenticate`: 403 for any other role. */
export function requireRole(role: Role): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.auth.role !== role) throw new ApiError(403, AUTH_MESSAGES.forbidden);
  };
}
