import {
  AUTH_MESSAGES,
  errorResponseSchema,
  messageResponseSchema,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createTestUser, signIn } from '../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function updatePassword(accessToken: string | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/update-password',
    headers: accessToken === null ? {} : bearer(accessToken),
    payload: payload as object,
  });
}

const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });

const NEW_PASSWORD = 'A-much-better-one-4';

async function signedIn() {
  const { email, password } = await createTestUser(t.database.db, { role: 'faculty' });
  return { email, password, session: await signIn(t.app, email, password) };
}

describe('POST /api/auth/update-password', () => {
  it('changes the password, keeps this session and ends every other one', async () => {
    const { email, password, session } = await signedIn();
    const other = await signIn(t.app, email, password);

    const response = await updatePassword(session.tokens.accessToken, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(messageResponseSchema.parse(response.json())).toEqual({
      success: true,
      message: AUTH_MESSAGES.passwordUpdated,
    });

    expect((await me(session.tokens.accessToken)).statusCode).toBe(200);
    expect((await me(other.tokens.accessToken)).statusCode).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await signIn(t.app, email, NEW_PASSWORD)).user.email).toBe(email);
  });

  it('answers a wrong current password under its field, without ending the session', async () => {
    const { password, session } = await signedIn();
    const response = await updatePassword(session.tokens.accessToken, {
      currentPassword: `${password}-not`,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json())).toEqual({
      success: false,
      message: VALIDATION_FAILED_MESSAGE,
      errors: { currentPassword: AUTH_MESSAGES.wrongCurrentPassword },
    });
    expect((await me(session.tokens.accessToken)).statusCode).toBe(200);
  });

  const cases: Array<[string, unknown, Record<string, string>]> = [
    [
      'empty fields',
      { currentPassword: '', newPassword: '', confirmPassword: '' },
      {
        currentPassword: 'Current password is required',
        newPassword: 'New password is required',
        confirmPassword: 'Please confirm your password',
      },
    ],
    [
      'a short new password',
      { currentPassword: 'Whatever-1', newPassword: 'short', confirmPassword: 'short' },
      { newPassword: 'Password must be at least 8 characters long' },
    ],
    [
      'a mismatched confirmation',
      { currentPassword: 'Whatever-1', newPassword: NEW_PASSWORD, confirmPassword: 'Other-one-3' },
      { confirmPassword: 'Passwords must match' },
    ],
    [
      'the current password again',
      { currentPassword: NEW_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { newPassword: 'New password must be different from the current password' },
    ],
  ];

  it.each(cases)('refuses %s with its message', async (_label, payload, errors) => {
    const { session } = await signedIn();
    const response = await updatePassword(session.tokens.accessToken, payload);
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).errors).toEqual(errors);
  });

  it('needs a session (401), and one that is past its first-login reset (403)', async () => {
    const body = { currentPassword: 'Whatever-1', newPassword: NEW_PASSWORD };
    expect(
      (await updatePassword(null, { ...body, confirmPassword: NEW_PASSWORD })).statusCode,
    ).toBe(401);
    const { email, password } = await createTestUser(t.database.db, { isFirstLogin: true });
    const first = await signIn(t.app, email, password);
    const response = await updatePassword(first.tokens.accessToken, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(AUTH_MESSAGES.passwordChangeRequired);
  });
});
