import {
  AUTH_MESSAGES,
  errorResponseSchema,
  loginDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createTestUser, uniqueEmail } from '../../test/users';
import { hashToken, verifyAccessToken } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function login(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as object,
    headers,
  });
}

describe('POST /api/auth/login validation', () => {
  const cases: Array<[string, unknown, Record<string, string>]> = [
    ['no body', undefined, { email: 'Email is required', password: 'Password is required' }],
    ['missing fields', {}, { email: 'Email is required', password: 'Password is required' }],
    [
      'empty fields',
      { email: '', password: '' },
      { email: 'Email is required', password: 'Password is required' },
    ],
    ['blank email', { email: '   ', password: 'password123' }, { email: 'Email is required' }],
    [
      'invalid email',
      { email: 'not-an-email', password: 'password123' },
      { email: 'Please enter a valid email address' },
    ],
    [
      'short password',
      { email: 'a@example.com', password: 'short' },
      { password: 'Password must be at least 8 characters long' },
    ],
    [
      'overlong password',
      { email: 'a@example.com', password: 'x'.repeat(129) },
      { password: 'Password must be at most 128 characters long' },
    ],
    [
      'wrong types',
      { email: 42, password: ['password123'] },
      { email: 'Must be text', password: 'Must be text' },
    ],
  ];

  it.each(cases)('rejects %s with the spec messages', async (_label, payload, errors) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body).toEqual({ success: false, message: VALIDATION_FAILED_MESSAGE, errors });
  });

  it('rejects a body that is not an object', async () => {
    const response = await login(['a@example.com', 'password123']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: VALIDATION_FAILED_MESSAGE });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in and returns the contract shape', async () => {
    const { user, email, password } = await createTestUser(t.database.db, { role: 'faculty' });
    const response = await login({ email, password }, { 'user-agent': 'vitest-agent' });

    expect(response.statusCode).toBe(200);
    const body = successResponse(loginDataSchema).parse(response.json());
    expect(body.message).toBe(AUTH_MESSAGES.loginSuccess);
    expect(body.data.user).toEqual({
      _id: user.id,
      email,
      role: 'faculty',
      isActive: true,
      isEmailVerified: false,
      isFirstLogin: false,
      lastLogin: expect.any(String),
      createdAt: user.createdAt.toISOString(),
    });
    expect(Date.parse(body.data.user.lastLogin ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.lastLogin?.toISOString()).toBe(body.data.user.lastLogin);

    const claims = await verifyAccessToken(t.config, body.data.tokens.accessToken);
    expect(claims).toEqual({ userId: user.id, role: 'faculty', sessionId: body.data.sessionId });

    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, body.data.sessionId));
    expect(session).toMatchObject({
      userId: user.id,
      refreshTokenHash: hashToken(body.data.tokens.refreshToken),
      userAgent: 'vitest-agent',
      ip: '127.0.0.1',
      revokedAt: null,
    });
    const days = ((session?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.data.tokens.accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, data: { user: body.data.user } });
  });

  it('reports the first-login flag', async () => {
    const { email, password } = await createTestUser(t.database.db, { isFirstLogin: true });
    const response = await login({ email, password });
    expect(response.json().data.user.isFirstLogin).toBe(true);
  });

  it('matches the email case-insensitively and ignores surrounding spaces', async () => {
    const { email, password, user } = await createTestUser(t.database.db, {
      email: uniqueEmail('Mixed.Case').toUpperCase(),
    });
    expect(user.email).toBe(email.toLowerCase());
    const response = await login({ email: `  ${email.toLowerCase()}  `, password });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.email).toBe(email.toLowerCase());
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const { email } = await createTestUser(t.database.db);
    const wrongPassword = await login({ email, password: 'wrong-password' });
    const unknownEmail = await login({ email: uniqueEmail(), password: 'wrong-password' });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: AUTH_MESSAGES.invalidCredentials,
      });
    }
  });

  it('refuses a disabled account with 403', async () => {
    const { email, password } = await createTestUser(t.database.db, { isActive: false });
    const response = await login({ email, password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.accountDisabled });
  });

  it('stores the password as an argon2id hash with the OWASP parameters', async () => {
    const { user, password } = await createTestUser(t.database.db);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(password);
  });

  it('accepts a long password with spaces, unchanged', async () => {
    const password = `  ${'pass phrase '.repeat(10)}  `;
    const { email } = await createTestUser(t.database.db, { password });
    expect((await login({ email, password })).statusCode).toBe(200);
    expect((await login({ email, password: password.trim() })).statusCode).toBe(401);
  });
});
