import { AUTH_MESSAGES } from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestUser, uniqueEmail } from '../../test/users';
import { databaseLimitStore } from './rate-limiter';

const PAIR = { max: 3, windowSeconds: 60 };
const ADDRESS = { max: 5, windowSeconds: 120 };
const ACCOUNT = {
  max: 6,
  windowSeconds: 60,
  slowdown: { firstDelaySeconds: 30, maxDelaySeconds: 50 },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authLimits: { pair: PAIR, address: ADDRESS, account: ACCOUNT } });
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each test signs in from addresses of its own, so address counters do not leak between tests. */
function newAddress(): string {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

function login(email: string, password: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
}

/** Refused with 429, a Retry-After within the window and a message naming that same wait. */
function expectLimited(response: Awaited<ReturnType<typeof login>>, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.json()).toEqual({
    success: false,
    message: AUTH_MESSAGES.tooManyAttempts(retryAfter),
  });
}

describe('failed sign-in limits', () => {
  it('limits failures per account and address, and refuses the right password too', async () => {
    const { email, password } = await createTestUser(t.database.db);
    const address = newAddress();
    for (let attempt = 0; attempt < PAIR.max; attempt += 1) {
      expect((await login(email, 'wrong-password', address)).statusCode).toBe(401);
    }
    expectLimited(await login(email, password, address), PAIR.windowSeconds);
    expectLimited(await login(email.toUpperCase(), 'wrong-password', address), PAIR.windowSeconds);
    expect((await login(email, password, newAddress())).statusCode).toBe(200);
  });

  it('slows an account down rather than lock it, whatever the address', async () => {
    const { email, password } = await createTestUser(t.database.db);
    for (let attempt = 0; attempt < ACCOUNT.max; attempt += 1) {
      expect((await login(email, 'wrong-password', newAddress())).statusCode).toBe(401);
    }
    expectLimited(await login(email, password, newAddress()), ACCOUNT.slowdown.firstDelaySeconds);
    await t.database.db
      .update(rateLimits)
      .set({ blockedUntil: sql`now()` })
      .where(sql`${rateLimits.key} like ${`%account:${email}`}`);
    expect((await login(email, password, newAddress())).statusCode).toBe(200);
  });

  it('limits failures per address, whatever the account', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < ADDRESS.max; attempt += 1) {
      expect((await login(uniqueEmail(), 'wrong-password', address)).statusCode).toBe(401);
    }
    const { email, password } = await createTestUser(t.database.db);
    expectLimited(await login(email, password, address), ADDRESS.windowSeconds);
    expect((await login(email, password, newAddress())).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    const { email, password } = await createTestUser(t.database.db);
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < ACCOUNT.max - 1; attempt += 1) {
        expect((await login(email, 'wrong-password', newAddress())).statusCode).toBe(401);
      }
      expect((await login(email, password, newAddress())).statusCode).toBe(200);
    }
  });

  it('allows attempts again once the window is over', async () => {
    const { email, password } = await createTestUser(t.database.db);
    const address = newAddress();
    for (let attempt = 0; attempt < PAIR.max; attempt += 1) {
      await login(email, 'wrong-password', address);
    }
    expect((await login(email, password, address)).statusCode).toBe(429);
    await t.database.db
      .update(rateLimits)
      .set({ windowStartedAt: sql`now() - interval '61 seconds'` })
      .where(sql`${rateLimits.key} like ${`%${email}`}`);
    expect((await login(email, password, address)).statusCode).toBe(200);
  });

  it('counts change-password failures against the same limits', async () => {
    const { email, password } = await createTestUser(t.database.db);
    const address = newAddress();
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: {
          email,
          currentPassword,
          newPassword: 'Another-pass-5',
          confirmPassword: 'Another-pass-5',
        },
        remoteAddress: address,
      });
    for (let attempt = 0; attempt < PAIR.max; attempt += 1) {
      expect((await change('wrong-password')).statusCode).toBe(401);
    }
    expectLimited(await change(password), PAIR.windowSeconds);
    expectLimited(await login(email, password, address), PAIR.windowSeconds);
  });
});

describe('rate limiter', () => {
  /** No account has it: the reservations below are of the counters alone. */
  const EMAIL = 'nobody@example.com';

  it('counts parallel reservations atomically, and holds others back while they are verified', async () => {
    const store = databaseLimitStore(t.database.db);
    const rule = { key: `test:${uniqueEmail()}`, max: 20, windowSeconds: 60 };
    const reservations = await Promise.all(
      Array.from({ length: 20 }, () => store.reserve([rule], EMAIL)),
    );
    const counts = reservations.map((reservation) => reservation.counts.get(rule.key) ?? 0);
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    const whileVerified = await store.reserve([rule], EMAIL);
    expect(whileVerified).toMatchObject({ heldByPending: true, counts: new Map() });
    expect(whileVerified.waitSeconds).toBeGreaterThan(0);

    await Promise.all(Array.from({ length: 20 }, () => store.confirmFailure([rule])));
    expect(await store.reserve([rule], EMAIL)).toMatchObject({ heldByPending: false });
  });

  it('counts an attempt on no rule when one holds it back', async () => {
    const store = databaseLimitStore(t.database.db);
    const open = { key: `test:open:${uniqueEmail()}`, max: 5, windowSeconds: 60 };
    const full = { key: `test:full:${uniqueEmail()}`, max: 1, windowSeconds: 60 };
    await store.reserve([full], EMAIL);
    expect((await store.reserve([open, full], EMAIL)).waitSeconds).toBeGreaterThan(0);
    expect((await store.reserve([open], EMAIL)).counts.get(open.key)).toBe(1);
  });
});
