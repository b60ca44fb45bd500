import {
  AUTH_MESSAGES,
  errorResponseSchema,
  loginDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createTestUser, signIn, uniqueEmail } from '../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function changePassword(payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: payload as object,
  });
}

const valid = {
  email: 'someone@example.com',
  currentPassword: 'Temporary-1',
  newPassword: 'Brand-new-pass-2',
  confirmPassword: 'Brand-new-pass-2',
};

describe('POST /api/auth/change-password validation', () => {
  const cases: Array<[string, unknown, Record<string, string>]> = [
    [
      'no body',
      undefined,
      {
        email: 'Email is required',
        currentPassword: 'Temporary password is required',
        newPassword: 'New password is required',
        confirmPassword: 'Please confirm your password',
      },
    ],
    [
      'empty fields',
      { email: '', currentPassword: '', newPassword: '', confirmPassword: '' },
      {
        email: 'Email is required',
        currentPassword: 'Temporary password is required',
        newPassword: 'New password is required',
        confirmPassword: 'Please confirm your password',
      },
    ],
    [
      'invalid email',
      { ...valid, email: 'nope@' },
      { email: 'Please enter a valid email address' },
    ],
    [
      'short new password',
      { ...valid, newPassword: 'short', confirmPassword: 'short' },
      { newPassword: 'Password must be at least 8 characters long' },
    ],
    [
      'mismatched confirmation',
      { ...valid, confirmPassword: 'Something-else-3' },
      { confirmPassword: 'Passwords must match' },
    ],
    [
      'new password equal to the temporary one',
      { ...valid, newPassword: valid.currentPassword, confirmPassword: valid.currentPassword },
      { newPassword: 'New password must be different from the temporary password' },
    ],
  ];

  it.each(cases)('rejects %s with the spec messages', async (_label, payload, errors) => {
    const response = await changePassword(payload);
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json())).toEqual({
      success: false,
      message: VALIDATION_FAILED_MESSAGE,
      errors,
    });
  });
});

describe('POST /api/auth/change-password', () => {
  it('sets the new password, clears the first-login flag, ends every session and starts one', async () => {
    const { email, password } = await createTestUser(t.database.db, { isFirstLogin: true });
    const first = await signIn(t.app, email, password);
    const second = await signIn(t.app, email, password);
    expect(first.user.isFirstLogin).toBe(true);

    const newPassword = 'A-much-better-one-4';
    const response = await changePassword({
      email: email.toUpperCase(),
      currentPassword: password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(response.statusCode).toBe(200);
    const body = successResponse(loginDataSchema).parse(response.json());
    expect(body.message).toBe(AUTH_MESSAGES.passwordChanged);
    expect(body.data.user).toMatchObject({ email, isFirstLogin: false });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.data.tokens.accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.isFirstLogin).toBe(false);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: body.data.tokens.refreshToken, sessionId: body.data.sessionId },
    });
    expect(refreshed.statusCode).toBe(200);

    for (const session of [first, second]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(session.tokens.accessToken),
      });
      expect(me.statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refreshToken: session.tokens.refreshToken, sessionId: session.sessionId },
      });
      expect(refresh.statusCode).toBe(401);
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, session.sessionId));
      expect(row?.revokedReason).toBe('password_changed');
    }

    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const signedIn = await signIn(t.app, email, newPassword);
    expect(signedIn.user.isFirstLogin).toBe(false);
  });

  it('answers a wrong current password and an unknown email with the same 401', async () => {
    const { email } = await createTestUser(t.database.db);
    const wrongPassword = await changePassword({ ...valid, email });
    const unknownEmail = await changePassword({ ...valid, email: uniqueEmail() });
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
    const response = await changePassword({ ...valid, email, currentPassword: password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.accountDisabled });
  });
});
