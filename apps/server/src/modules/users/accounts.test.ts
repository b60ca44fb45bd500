import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, PEOPLE_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { masterDataClient } from '../../test/master-data';
import {
  createPlacement,
  facultyPayload,
  type PeopleClient,
  type Placement,
  peopleClient,
  studentPayload,
} from '../../test/people';
import { bearer, createSignedInUser, type SignedInUser, signIn } from '../../test/users';

let t: TestApp;
let admin: SignedInUser;
let api: PeopleClient;
let placement: Placement;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
  placement = await createPlacement(masterDataClient(t.app, admin.accessToken), 2024);
});
afterAll(() => t.close());

/** A new student, signed in once with their default password. */
async function signedInStudent() {
  const payload = studentPayload(placement);
  const { student, defaultPassword } = await api.student(payload);
  const session = await signIn(t.app, payload.email, defaultPassword);
  return { student, email: payload.email, password: defaultPassword, session };
}

function me(accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
}

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

function refresh(session: { tokens: { refreshToken: string }; sessionId: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    payload: { refreshToken: session.tokens.refreshToken, sessionId: session.sessionId },
  });
}

async function auditOf(recordId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.recordId, recordId))
    .orderBy(desc(auditLog.id));
}

describe('POST /api/admin/set-account-status', () => {
  it('deactivates: sign-in is refused and every session ends at once', async () => {
    const { student, email, password, session } = await signedInStudent();
    expect((await me(session.tokens.accessToken)).statusCode).toBe(200);

    const response = await api.post('set-account-status', {
      userId: student.userId._id,
      isActive: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: PEOPLE_MESSAGES.accountDeactivated,
      data: { userId: student.userId._id, isActive: false },
    });

    expectError(await me(session.tokens.accessToken), 401, {
      message: AUTH_MESSAGES.invalidToken,
    });
    expect((await refresh(session)).statusCode).toBe(401);
    expectError(await login(email, password), 403, { message: AUTH_MESSAGES.accountDisabled });
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, session.sessionId));
    expect(row?.revokedReason).toBe('account_deactivated');

    const detail = (await api.get(`get-student/${student._id}`)).json().data.students[0];
    expect(detail.userId.isActive).toBe(false);
    const [entry] = await auditOf(student._id);
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      action: 'student.deactivate',
      recordType: 'student',
      recordLabel: `${student.personalInfo.firstName} ${student.personalInfo.lastName} (${student.studentId})`,
    });
  });

  it('reactivates: the account signs in again, its old sessions stay ended', async () => {
    const { student, email, password, session } = await signedInStudent();
    const userId = student.userId._id;
    await api.post('set-account-status', { userId, isActive: false });

    const response = await api.post('set-account-status', { userId, isActive: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(PEOPLE_MESSAGES.accountReactivated);
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await me(session.tokens.accessToken)).statusCode).toBe(401);
    expect((await auditOf(student._id)).map((entry) => entry.action)).toEqual([
      'student.reactivate',
      'student.deactivate',
      'student.create',
    ]);
  });

  it('records nothing when the account already has that status', async () => {
    const { student, session } = await signedInStudent();
    const response = await api.post('set-account-status', {
      userId: student.userId._id,
      isActive: true,
    });
    expect(response.statusCode).toBe(200);
    expect((await auditOf(student._id)).map((entry) => entry.action)).toEqual(['student.create']);
    expect((await me(session.tokens.accessToken)).statusCode).toBe(200);
  });

  it("files a faculty member's deactivation under their record", async () => {
    const { faculty } = await api.faculty(facultyPayload());
    await api.post('set-account-status', { userId: faculty.userId._id, isActive: false });
    const [entry] = await auditOf(faculty._id);
    expect(entry).toMatchObject({ action: 'faculty.deactivate', recordType: 'faculty' });
    const options = (await api.get('get-faculty-options')).json().data.faculty;
    expect(options.map((option: { _id: string }) => option._id)).not.toContain(faculty._id);
  });

  it('deactivates another admin, filed under their email', async () => {
    const other = await createSignedInUser(t.app, t.database.db, 'admin');
    await api.post('set-account-status', { userId: other.user.id, isActive: false });
    const [entry] = await auditOf(other.user.id);
    expect(entry).toMatchObject({
      action: 'user.deactivate',
      recordType: 'user',
      recordLabel: other.email,
    });
  });

  it('refuses to deactivate the admin acting', async () => {
    expectError(
      await api.post('set-account-status', { userId: admin.user.id, isActive: false }),
      409,
      { message: PEOPLE_MESSAGES.ownAccountStatus },
    );
    expect((await me(admin.accessToken)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    expectError(
      await api.post('set-account-status', { userId: randomUUID(), isActive: false }),
      404,
      { message: PEOPLE_MESSAGES.accountNotFound },
    );
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['nothing', {}, { userId: 'User is required', isActive: 'Account status is required' }],
    [
      'a malformed user id',
      { userId: 'abc', isActive: false },
      { userId: 'The user id is not valid' },
    ],
    [
      'a status as text',
      { userId: randomUUID(), isActive: 'false' },
      { isActive: 'Account status must be true or false' },
    ],
  ])('answers 400 for %s', async (_, payload, errors) => {
    expectError(await api.post('set-account-status', payload), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors,
    });
  });
});

describe('POST /api/admin/reset-password', () => {
  it('gives a new default password to change at first sign-in and ends every session', async () => {
    const { student, email, password, session } = await signedInStudent();
    // The student had changed the default password before forgetting the new one.
    await t.database.db
      .update(users)
      .set({ isFirstLogin: false })
      .where(eq(users.id, student.userId._id));

    const response = await api.post('reset-password', { userId: student.userId._id });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe(PEOPLE_MESSAGES.passwordReset);
    const { defaultPassword } = body.data;
    expect(defaultPassword).not.toBe(password);
    expect(defaultPassword.length).toBeGreaterThanOrEqual(12);

    expect((await me(session.tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(session)).statusCode).toBe(401);
    expectError(await login(email, password), 401, {
      message: AUTH_MESSAGES.invalidCredentials,
    });
    const signedIn = await signIn(t.app, email, defaultPassword);
    expect(signedIn.user.isFirstLogin).toBe(true);

    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, student.userId._id));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const entries = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(entries)).not.toContain(defaultPassword);
    const [entry] = await auditOf(student._id);
    expect(entry).toMatchObject({ action: 'student.reset-password', recordType: 'student' });
  });

  it('keeps a deactivated account deactivated', async () => {
    const { student, email } = await signedInStudent();
    await api.post('set-account-status', { userId: student.userId._id, isActive: false });
    const { defaultPassword } = (
      await api.post('reset-password', { userId: student.userId._id })
    ).json().data;
    expectError(await login(email, defaultPassword), 403, {
      message: AUTH_MESSAGES.accountDisabled,
    });
  });

  it("refuses the admin's own account", async () => {
    expectError(await api.post('reset-password', { userId: admin.user.id }), 409, {
      message: PEOPLE_MESSAGES.ownPasswordReset,
    });
  });

  it('answers 404 for an unknown account', async () => {
    expectError(await api.post('reset-password', { userId: randomUUID() }), 404, {
      message: PEOPLE_MESSAGES.accountNotFound,
    });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['nothing', {}, { userId: 'User is required' }],
    ['a malformed user id', { userId: 42 }, { userId: 'The user id is not valid' }],
  ])('answers 400 for %s', async (_, payload, errors) => {
    expectError(await api.post('reset-password', payload), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors,
    });
  });
});
