import { AUTH_MESSAGES } from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { expectError } from '../test/errors';
import { masterDataClient } from '../test/master-data';
import { createPlacement, peopleClient, studentPayload } from '../test/people';
import { bearer, createSignedInUser, createTestUser, requestRefresh, signIn } from '../test/users';

const NEW_PASSWORD = 'Brand-new-pass-7';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function get(url: string, accessToken: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(accessToken) });
}

function changePassword(email: string, currentPassword: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: { email, currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
}

describe('until the first-login password change, a session may do only what the change needs', () => {
  it('refuses a new student the student routes, then lets them in once changed', async () => {
    const admin = await createSignedInUser(t.app, t.database.db, 'admin');
    const placement = await createPlacement(masterDataClient(t.app, admin.accessToken), 2031);
    const created = await peopleClient(t.app, admin.accessToken).student(studentPayload(placement));
    const email = created.student.email;

    const first = await signIn(t.app, email, created.defaultPassword);
    expect(first.user.isFirstLogin).toBe(true);
    const refused = await get('/api/student/get-my-exams', first.tokens.accessToken);
    expectError(refused, 403, { message: AUTH_MESSAGES.passwordChangeRequired });

    // What the reset needs still answers: who is signed in, a refresh, signing out.
    expect((await get('/api/auth/me', first.tokens.accessToken)).statusCode).toBe(200);
    const refreshed = await requestRefresh(t.app, first.tokens.refreshToken, first.sessionId);
    expect(refreshed.statusCode).toBe(200);
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(refreshed.json().data.accessToken),
    });
    expect(loggedOut.statusCode).toBe(200);

    expect((await changePassword(email, created.defaultPassword)).statusCode).toBe(200);
    const after = await signIn(t.app, email, NEW_PASSWORD);
    expect(after.user.isFirstLogin).toBe(false);
    expect((await get('/api/student/get-my-exams', after.tokens.accessToken)).statusCode).toBe(200);
  });

  it('refuses an admin who must change their password the admin routes, every method', async () => {
    const account = await createTestUser(t.database.db, { role: 'admin', isFirstLogin: true });
    const { tokens } = await signIn(t.app, account.email, account.password);
    for (const [method, url] of [
      ['GET', '/api/admin/get-all-student'],
      ['POST', '/api/admin/create-student'],
      ['DELETE', '/api/admin/delete-student/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(tokens.accessToken),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expectError(response, 403, { message: AUTH_MESSAGES.passwordChangeRequired });
    }

    // The reset's own session goes on: the first admin does not type the new password again.
    const changed = await changePassword(account.email, account.password);
    expect(changed.statusCode).toBe(200);
    const { accessToken } = changed.json().data.tokens;
    expect((await get('/api/admin/get-all-student', accessToken)).statusCode).toBe(200);
  });

  it('decides from the account, not from the token: a reset demanded later applies at once', async () => {
    const faculty = await createSignedInUser(t.app, t.database.db, 'faculty');
    expect((await get('/api/faculty/get-my-exams', faculty.accessToken)).statusCode).toBe(200);

    await t.database.db
      .update(users)
      .set({ isFirstLogin: true })
      .where(eq(users.id, faculty.user.id));
    // As every route that changes an account does: the processes forget what they kept of it.
    t.app.liveRightsChanged({ userId: faculty.user.id });
    expectError(await get('/api/faculty/get-my-exams', faculty.accessToken), 403, {
      message: AUTH_MESSAGES.passwordChangeRequired,
    });
    expect((await get('/api/auth/me', faculty.accessToken)).statusCode).toBe(200);
  });
});
