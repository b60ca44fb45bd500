import { AUTH_MESSAGES } from '@examiq/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { revokeSession } from '../modules/auth/sessions';
import { createTestApp, type TestApp } from '../test/app';
import { expectError } from '../test/errors';
import { bearer, createSignedInUser, type SignedInUser } from '../test/users';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const;
/** A route of every method behind `authenticate` whose handler counts its calls. */
const COUNTED_URL = '/api/test/counted';
type Method = (typeof METHODS)[number];
const someId = '00000000-0000-4000-8000-000000000000';
/** Real routes of each kind of guard: the auth routes' own hook and the areas' scopes. */
const GUARDED: readonly [Method, string][] = [
  ['GET', '/api/auth/me'],
  ['HEAD', '/api/auth/me'],
  ['POST', '/api/auth/logout'],
  ['GET', '/api/admin/get-all-student'],
  ['HEAD', '/api/admin/get-all-student'],
  ['POST', '/api/admin/create-student'],
  ['PUT', `/api/admin/update-student/${someId}`],
  ['DELETE', `/api/admin/delete-student/${someId}`],
  ['GET', '/api/student/get-my-exams'],
  ['HEAD', '/api/student/get-my-exams'],
];

const refusedBody = JSON.stringify({ success: false, message: AUTH_MESSAGES.invalidToken });

let t: TestApp;
let handlerCalls = 0;
beforeAll(async () => {
  t = await createTestApp({
    async beforeReady(app) {
      app.route({
        method: ['GET', 'POST', 'PUT', 'DELETE'],
        url: COUNTED_URL,
        onRequest: app.authenticate,
        handler: async () => {
          handlerCalls += 1;
          return { success: true, data: { secret: 'x'.repeat(1000) } };
        },
      });
    },
  });
});
afterAll(() => t.close());

function call(method: Method, url: string, user: SignedInUser) {
  return t.app.inject({
    method,
    url,
    headers: bearer(user.accessToken),
    ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
  });
}

async function expectRefusedEverywhere(user: SignedInUser) {
  const counted = METHODS.map((method): [Method, string] => [method, COUNTED_URL]);
  for (const [method, url] of [...counted, ...GUARDED]) {
    const response = await call(method, url, user);
    const name = `${method} ${url}`;
    expect(response.statusCode, name).toBe(401);
    // A HEAD answer has no body, but its length must be the refusal's, not the hidden answer's.
    expect(response.headers['content-length'], name).toBe(String(Buffer.byteLength(refusedBody)));
    if (method !== 'HEAD') expectError(response, 401, { message: AUTH_MESSAGES.invalidToken });
  }
}

describe('authentication finishes before any handler work, for every method', () => {
  it('runs the handler for a live session (the counting route counts)', async () => {
    const user = await createSignedInUser(t.app, t.database.db);
    const before = handlerCalls;
    for (const method of METHODS)
      expect((await call(method, COUNTED_URL, user)).statusCode).toBe(200);
    expect(handlerCalls - before).toBe(METHODS.length);
  });

  it('answers a revoked session 401 without running the handler', async () => {
    const user = await createSignedInUser(t.app, t.database.db);
    // Cached as live first, so the refusal cannot come from a session never looked up.
    expect((await call('GET', COUNTED_URL, user)).statusCode).toBe(200);
    await revokeSession(t.database.db, user.sessionId, 'logout');
    // As the logout route announces it once committed.
    t.app.liveRightsChanged({ userId: user.user.id });
    const before = handlerCalls;
    await expectRefusedEverywhere(user);
    expect(handlerCalls).toBe(before);
  });

  it('answers an ended session 401 without running the handler', async () => {
    const user = await createSignedInUser(t.app, t.database.db);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, user.sessionId));
    const before = handlerCalls;
    await expectRefusedEverywhere(user);
    expect(handlerCalls).toBe(before);
  });
});
