import { AUTH_MESSAGES } from '@examiq/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, BODY_LIMIT, buildApp } from '../app';
import { rateLimits } from '../db/schema';
import { DEFAULT_AUTH_LIMITS } from '../modules/auth/credentials';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, createSignedInUser, createTestUser, uniqueEmail } from '../test/users';
import { errorBodyProblem } from './support';

/** The Redis store is checked where a Redis server is given (CI starts one and sets it). */
const REDIS_URL = process.env.REDIS_URL ?? '';
const MAX = DEFAULT_AUTH_LIMITS.pair.max;

function failedLogin(app: App, email: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong-password' },
    remoteAddress,
  });
}

/** MAX failures on instance A, then the next one on instance B: the shared counter refuses it. */
async function expectSharedCounter(a: App, b: App, email: string) {
  for (let attempt = 0; attempt < MAX; attempt += 1) {
    // One address: the account and address pair's counter refuses for the rest of its window.
    expect((await failedLogin(a, email, '10.1.0.1')).statusCode).toBe(401);
  }
  const refused = await failedLogin(b, email, '10.1.0.1');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({
    success: false,
    message: AUTH_MESSAGES.tooManyAttempts(15 * 60),
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
}

describe('failed sign-in counters shared by two instances', () => {
  describe.skipIf(!REDIS_URL)('in Redis (REDIS_URL)', () => {
    let first: TestApp;
    let second: TestApp;
    const redis = new Redis(REDIS_URL, { lazyConnect: true });
    const email = uniqueEmail('redis');
    const keys = () => redis.keys(`examiq:limit:*${email}`);
    beforeAll(async () => {
      // Each instance has a database of its own: only Redis can carry the count across.
      [first, second] = await Promise.all([
        createTestApp({ config: { redisUrl: REDIS_URL } }),
        createTestApp({ config: { redisUrl: REDIS_URL } }),
      ]);
    });
    afterAll(async () => {
      const left = await keys();
      if (left.length > 0) await redis.del(...left);
      await redis.quit();
      await Promise.all([first.close(), second.close()]);
    });

    it(`refuses the ${MAX + 1}th failure on instance B after ${MAX} on instance A`, async () => {
      await expectSharedCounter(first.app, second.app, email);
      const [key] = await keys();
      expect(key).toBeDefined();
      expect(await redis.pttl(key as string)).toBeGreaterThan(0);
      expect(await first.database.db.select().from(rateLimits)).toEqual([]);
      expect(await second.database.db.select().from(rateLimits)).toEqual([]);
    });

    it('forgets an account’s failures after a successful sign-in', async () => {
      const user = await createTestUser(first.database.db);
      expect((await failedLogin(first.app, user.email, '10.1.2.1')).statusCode).toBe(401);
      expect(await redis.exists(`examiq:limit:auth-failures:account:${user.email}`)).toBe(1);
      const signedIn = await first.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(await redis.exists(`examiq:limit:auth-failures:account:${user.email}`)).toBe(0);
    });
  });

  describe('in the database', () => {
    let t: TestApp;
    let second: App;
    beforeAll(async () => {
      t = await createTestApp();
      // A second process on the same database.
      second = await buildApp({ config: t.config, db: t.database });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await t.close();
    });

    it(`refuses the ${MAX + 1}th failure on instance B after ${MAX} on instance A`, async () => {
      await expectSharedCounter(t.app, second, uniqueEmail('database'));
    });
  });
});

describe('request size limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 413 with the error contract to a body over the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorBodyProblem(response.body)).toBeNull();
  });

  it.each(['get-all-student', 'get-all-faculty'])('refuses limit=101 on %s', async (path) => {
    const admin = await createSignedInUser(t.app, t.database.db, 'admin');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${path}?limit=101`,
      headers: bearer(admin.accessToken),
    });
    expect(response.statusCode).toBe(400);
    expect(errorBodyProblem(response.body)).toBeNull();
    expect(response.json().errors).toEqual({ limit: 'Limit must be a whole number from 1 to 100' });
  });
});
