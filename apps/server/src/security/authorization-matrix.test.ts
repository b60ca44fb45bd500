import { REALTIME_CLOSE_CODES } from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp } from '../test/app';
import {
  bearer,
  createSignedInUser,
  createTestUser,
  mintExpiredToken,
  type SignedInUser,
  signIn,
} from '../test/users';
import { type ApiRoute, apiRoutes, concreteUrl, errorBodyProblem, routeName } from './support';

// Top-level await: the route table, and so the number of checks in the title, is only known once
// the app is built.
const t = await createTestApp();
afterAll(() => t.close());

/** Public on purpose; every other /api route must be classified below or the suite fails. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  // No session opens it: METRICS_TOKEN, or this machine with METRICS_LOOPBACK, does
  // (metrics.test.ts).
  'GET /api/metrics',
  'GET /api/public-config',
  'POST /api/auth/login',
  'POST /api/auth/change-password',
  'POST /api/auth/refresh-token',
  // The emailed link's token is the proof (password-reset.test.ts).
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // The emailed invitation's token is the proof (invitations.test.ts).
  'POST /api/auth/accept-invitation',
  // Sign-in through the institution's provider: the provider's answer, checked against the flow
  // this browser's signed cookie names, is the proof (oidc.test.ts).
  'GET /api/auth/oidc/providers',
  'GET /api/auth/oidc/:id/start',
  'GET /api/auth/oidc/callback',
  'POST /api/auth/oidc/session',
  // LTI 1.3: ExamIQ's public keys, and the platform's launch, whose signed ID token checked
  // against the state this browser's cookie names is the proof (lti.launch.test.ts); the launched
  // page's one-time ticket, and the deep-linking answer's page, are their own proofs.
  'GET /api/lti/jwks',
  'GET /api/lti/login',
  'POST /api/lti/login',
  'POST /api/lti/launch',
  'POST /api/lti/session',
  'GET /api/lti/deep-link-return/:id',
  // An image of exam content: its signed URL is the permission, since <img> sends no token
  // (media.test.ts).
  'GET /api/media/:id',
  // A file a student uploaded as an answer, for the same reason: its signed URL is handed only to
  // its student and the exam's markers (answer-files.test.ts).
  'GET /api/answer-files/:fileId',
]);
const isPublic = (route: ApiRoute) =>
  PUBLIC.has(routeName(route)) || route.url === '/api/docs' || route.url.startsWith('/api/docs/');
const SESSION_ONLY = new Set(['POST /api/auth/logout', 'GET /api/auth/me']);
/** Any role's own account, once its first password has been replaced. */
const OWN_ACCOUNT = new Set(['POST /api/auth/update-password']);
/**
 * Guarded inside its protocol (the token of the socket's first message, checked below): over
 * plain HTTP it answers 426 to everyone.
 */
const SOCKETS = new Set(['GET /api/ws']);
const AREAS = {
  admin: '/api/admin/',
  faculty: '/api/faculty/',
  student: '/api/student/',
} as const;

type Kind = 'public' | 'session' | 'own-account' | 'socket' | keyof typeof AREAS;
function kindOf(route: ApiRoute): Kind | undefined {
  if (isPublic(route)) return 'public';
  if (SOCKETS.has(routeName(route))) return 'socket';
  if (SESSION_ONLY.has(routeName(route))) return 'session';
  if (OWN_ACCOUNT.has(routeName(route))) return 'own-account';
  return (Object.keys(AREAS) as (keyof typeof AREAS)[]).find((area) =>
    route.url.startsWith(AREAS[area]),
  );
}

const DEAD = ['no token', 'malformed token', 'expired token', 'logged-out session', 'deleted user'];
/** An admin's live session, while the account has yet to replace its first password. */
const PASSWORD_CHANGE_PENDING = 'admin before the password change';
const LIVE = ['student', 'faculty', 'admin'] as const;
const IDENTITIES = [...DEAD, PASSWORD_CHANGE_PENDING, ...LIVE];

/** Statuses allowed for one route and identity. */
function allowed(kind: Kind, identity: string): (status: number) => boolean {
  if (kind === 'public') return (status) => status !== 401;
  if (kind === 'socket') return (status) => status === 426;
  if (DEAD.includes(identity)) return (status) => status === 401;
  if (identity === PASSWORD_CHANGE_PENDING && kind !== 'session') {
    return (status) => status === 403;
  }
  if (kind !== 'session' && kind !== 'own-account' && identity !== kind) {
    return (status) => status === 403;
  }
  return (status) => status !== 401 && status !== 403;
}

async function authorizationHeaders(): Promise<Record<string, Record<string, string>>> {
  const signedIn = (role: 'admin' | 'faculty' | 'student') =>
    createSignedInUser(t.app, t.database.db, role);
  const [student, faculty, admin, forExpiry, loggedOut, deleted] = await Promise.all([
    signedIn('student'),
    signedIn('faculty'),
    signedIn('admin'),
    signedIn('admin'),
    signedIn('admin'),
    signedIn('admin'),
  ]);
  const pending = await createTestUser(t.database.db, { role: 'admin', isFirstLogin: true });
  const pendingSession = await signIn(t.app, pending.email, pending.password);
  const claims = (user: SignedInUser) => ({
    userId: user.user.id,
    role: user.user.role,
    sessionId: user.sessionId,
  });
  const logout = await t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: bearer(loggedOut.accessToken),
  });
  expect(logout.statusCode).toBe(200);
  await t.database.db.delete(users).where(eq(users.id, deleted.user.id));
  // The dead identities are admins, so only the dead part can be what refuses them.
  return {
    'no token': {},
    'malformed token': bearer('not.a-jwt'),
    'expired token': bearer(await mintExpiredToken(t.config, claims(forExpiry))),
    'logged-out session': bearer(loggedOut.accessToken),
    'deleted user': bearer(deleted.accessToken),
    [PASSWORD_CHANGE_PENDING]: bearer(pendingSession.tokens.accessToken),
    student: bearer(student.accessToken),
    faculty: bearer(faculty.accessToken),
    admin: bearer(admin.accessToken),
  };
}

// Logout ends the caller's session, so it goes last for each identity.
const routes = apiRoutes(t.routes).sort(
  (a, b) =>
    Number(routeName(a) === 'POST /api/auth/logout') -
    Number(routeName(b) === 'POST /api/auth/logout'),
);
const checks = routes.length * IDENTITIES.length;

describe('authorization matrix', () => {
  it('classifies every /api route as public, session-only, own account, socket, admin, faculty or student', () => {
    // A floor, so a broken route collector cannot pass with an empty table.
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes.filter((route) => !kindOf(route)).map(routeName)).toEqual([]);
  });

  it(`answers as each guard says: ${routes.length} routes × ${IDENTITIES.length} identities = ${checks} checks`, async () => {
    const headers = await authorizationHeaders();
    const failures: string[] = [];
    let checked = 0;
    for (const identity of IDENTITIES) {
      for (const route of routes) {
        const kind = kindOf(route);
        if (!kind) continue;
        const response = await t.app.inject({
          method: route.method,
          url: concreteUrl(route.url),
          headers: headers[identity],
          // An empty body: past the guard it is a 400, which is all this matrix needs.
          ...(route.method === 'POST' || route.method === 'PUT' ? { payload: {} } : {}),
        });
        checked += 1;
        const label = `${identity} → ${routeName(route)}: ${response.statusCode}`;
        if (!allowed(kind, identity)(response.statusCode) || response.statusCode >= 500) {
          failures.push(label);
        } else if (response.statusCode === 401 || response.statusCode === 403) {
          const problem = errorBodyProblem(response.body);
          if (problem) failures.push(`${label} ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(checks);
    console.info(`authorization matrix: ${checked} checks`);
  });

  it(`opens the live socket only for a live session: ${IDENTITIES.length - 1} identities`, async () => {
    const headers = await authorizationHeaders();
    const outcomes: Record<string, string> = {};
    for (const identity of IDENTITIES.filter((name) => name !== 'no token')) {
      const token = (headers[identity]?.authorization ?? '').replace(/^Bearer /, '');
      outcomes[identity] = await socketOutcome(token);
    }
    expect(outcomes).toEqual({
      'malformed token': `closed ${REALTIME_CLOSE_CODES.unauthorized}`,
      'expired token': `closed ${REALTIME_CLOSE_CODES.unauthorized}`,
      'logged-out session': `closed ${REALTIME_CLOSE_CODES.unauthorized}`,
      'deleted user': `closed ${REALTIME_CLOSE_CODES.unauthorized}`,
      [PASSWORD_CHANGE_PENDING]: `closed ${REALTIME_CLOSE_CODES.forbidden}`,
      student: 'ready',
      faculty: 'ready',
      admin: 'ready',
    });
  });
});

/** What the live socket does with this token as its first message: says ready, or closes. */
async function socketOutcome(token: string): Promise<string> {
  const socket = await t.app.injectWS('/api/ws');
  const outcome = new Promise<string>((resolve) => {
    socket.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'ready') resolve('ready');
    });
    socket.on('close', (code) => resolve(`closed ${code}`));
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  const result = await outcome;
  socket.terminate();
  return result;
}
