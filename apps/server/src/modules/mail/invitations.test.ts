import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  createFacultyDataSchema,
  createStudentDataSchema,
  errorResponseSchema,
  messageResponseSchema,
  outboxDataSchema,
  PEOPLE_MESSAGES,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResetTokens, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { masterDataClient } from '../../test/master-data';
import {
  createdStudentResponse,
  createPlacement,
  facultyPayload,
  type PeopleClient,
  type Placement,
  peopleClient,
  studentPayload,
} from '../../test/people';
import { resetLinksWritten } from '../../test/reset-links';
import { bearer, createSignedInUser, signIn } from '../../test/users';

let t: TestApp;
let adminToken: string;
let api: PeopleClient;
let placement: Placement;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createSignedInUser(t.app, t.database.db, 'admin')).accessToken;
  api = peopleClient(t.app, adminToken);
  placement = await createPlacement(masterDataClient(t.app, adminToken), 2024);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'A-fresh-start-2026';
const choose = (token: string, password = NEW_PASSWORD) => ({
  token,
  newPassword: password,
  confirmPassword: password,
});

const accept = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/accept-invitation',
    payload: payload as object,
  });

const resend = (userId: unknown, token: string | null = adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/resend-invitation',
    headers: token === null ? {} : bearer(token),
    payload: { userId } as object,
  });

/** The outbox's messages to `email`, newest first. */
async function messagesTo(email: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/get-outbox?limit=100',
    headers: bearer(adminToken),
  });
  expect(response.statusCode).toBe(200);
  const { data } = successResponse(outboxDataSchema).parse(response.json());
  return data.messages.filter((message) => message.to === email);
}

/** The token of the newest link of `page` ('set-password', 'reset-password') mailed to `email`. */
async function linkTokenOf(email: string, page = 'set-password') {
  const [message] = await messagesTo(email);
  const token = new RegExp(`${page}\\?token=([\\w-]+)`).exec(message?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

/** Creates a student with an invitation; the answer's data and the account's email and id. */
async function invitedStudent() {
  const response = await api.post('create-student', { ...studentPayload(placement), invite: true });
  expect(response.statusCode).toBe(201);
  const { data, message } = successResponse(createStudentDataSchema).parse(response.json());
  expect(message).toBe(PEOPLE_MESSAGES.studentCreated);
  return { data, email: data.student.userId.email, userId: data.student.userId._id };
}

async function expectInvalidLink(payload: unknown) {
  const response = await accept(payload);
  expect(response.statusCode).toBe(400);
  expect(errorResponseSchema.parse(response.json()).message).toBe(
    AUTH_MESSAGES.invitationLinkInvalid,
  );
}

describe('create-student and create-faculty with invite: true', () => {
  it('returns no password, mails a 7-day set-password link and leaves the account unusable until then', async () => {
    const { data, email, userId } = await invitedStudent();
    expect(data.defaultPassword).toBeNull();
    const [message] = await messagesTo(email);
    expect(message).toMatchObject({
      subject: 'You are invited to ExamIQ · Test College',
      status: 'KEPT',
      kind: 'invitation',
    });
    expect(message?.text).toContain('https://exams.college.test/set-password?token=');
    expect(message?.text).toContain('works once, within 7 days');
    expect(message?.text).toContain('Test College');

    const [account] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(account?.isFirstLogin).toBe(false);
    const [link] = await t.database.db
      .select({
        kind: passwordResetTokens.kind,
        days: sql<number>`round(extract(epoch from ${passwordResetTokens.expiresAt} - now()) / 86400)::int`,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId));
    expect(link).toEqual({ kind: 'invitation', days: 7 });
  });

  it('invites a faculty member the same way', async () => {
    const response = await api.post('create-faculty', { ...facultyPayload(), invite: true });
    expect(response.statusCode).toBe(201);
    const { data } = successResponse(createFacultyDataSchema).parse(response.json());
    expect(data.defaultPassword).toBeNull();
    expect((await messagesTo(data.faculty.userId.email))[0]?.kind).toBe('invitation');
  });

  it('keeps the spec answer, a default password and no mail, with invite false or left out', async () => {
    for (const invite of [false, undefined]) {
      const payload = { ...studentPayload(placement), invite };
      const { student, defaultPassword } = await api.student(payload);
      expect(defaultPassword).toMatch(/.{12,}/);
      expect(await messagesTo(student.userId.email)).toEqual([]);
    }
  });

  it('refuses an invite that is not a boolean with a field message', async () => {
    const response = await api.post('create-student', {
      ...studentPayload(placement),
      invite: 'yes',
    });
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.message).toBe(VALIDATION_FAILED_MESSAGE);
    expect(body.errors).toEqual({ invite: 'Invite must be true or false' });
  });
});

describe('POST /api/auth/accept-invitation', () => {
  it('sets the password once, records it and then signs in; the link works no more', async () => {
    const { email, userId } = await invitedStudent();
    const token = await linkTokenOf(email);
    const done = await accept(choose(token));
    expect(done.statusCode).toBe(200);
    expect(messageResponseSchema.parse(done.json()).message).toBe(AUTH_MESSAGES.invitationAccepted);
    const session = await signIn(t.app, email, NEW_PASSWORD);
    expect(session.user.email).toBe(email);
    expect(session.user.isFirstLogin).toBe(false);

    const events = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(
        and(eq(auditLog.recordId, userId), eq(auditLog.action, 'account.invitation-accepted')),
      );
    expect(events).toEqual([{ action: 'account.invitation-accepted', actor: userId }]);

    await expectInvalidLink(choose(token, 'Another-one-2026'));
  });

  it('refuses a link past its 7 days, and an unknown one', async () => {
    const { email, userId } = await invitedStudent();
    const token = await linkTokenOf(email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, userId));
    await expectInvalidLink(choose(token));
    await expectInvalidLink(choose('made-up-token'));
  });

  it('refuses a password-reset link, and reset-password refuses an invitation link', async () => {
    const { email } = await invitedStudent();
    const invitation = await linkTokenOf(email);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: '198.51.100.90',
    });
    expect(forgot.statusCode).toBe(200);
    await resetLinksWritten(t.database.db);
    const reset = await linkTokenOf(email, 'reset-password');
    await expectInvalidLink(choose(reset));

    const asReset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: choose(invitation),
    });
    expect(asReset.statusCode).toBe(400);
    expect(errorResponseSchema.parse(asReset.json()).message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    // The invitation still works for its own call.
    expect((await accept(choose(invitation))).statusCode).toBe(200);
  });

  it.each([
    [
      { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      'token',
      AUTH_MESSAGES.invitationLinkInvalid,
    ],
    [
      { token: 'x'.repeat(201), newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      'token',
      AUTH_MESSAGES.invitationLinkInvalid,
    ],
    [{ token: 'x', newPassword: 'short', confirmPassword: 'short' }, 'newPassword', undefined],
    [{ token: 'x', confirmPassword: NEW_PASSWORD }, 'newPassword', undefined],
    [{ token: 'x', newPassword: NEW_PASSWORD }, 'confirmPassword', undefined],
    [
      { token: 'x', newPassword: NEW_PASSWORD, confirmPassword: 'Different-2026' },
      'confirmPassword',
      'Passwords must match',
    ],
  ])('refuses the body %j with the rule of its field', async (payload, field, message) => {
    const response = await accept(payload);
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.message).toBe(VALIDATION_FAILED_MESSAGE);
    expect(body.errors?.[field]).toBeTruthy();
    if (message) expect(body.errors?.[field]).toBe(message);
  });

  it('gives the same password messages as reset-password', async () => {
    for (const payload of [
      { token: 'x', newPassword: 'short', confirmPassword: 'short' },
      { token: 'x', newPassword: 'a'.repeat(129), confirmPassword: 'a'.repeat(129) },
    ]) {
      const [invited, reset] = await Promise.all([
        accept(payload),
        t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload }),
      ]);
      expect(errorResponseSchema.parse(invited.json()).errors?.newPassword).toBe(
        errorResponseSchema.parse(reset.json()).errors?.newPassword,
      );
    }
  });
});

describe('POST /api/admin/resend-invitation', () => {
  it('mails a new link and ends the older ones', async () => {
    const { email, userId } = await invitedStudent();
    const first = await linkTokenOf(email);
    const response = await resend(userId);
    expect(response.statusCode).toBe(200);
    expect(messageResponseSchema.parse(response.json()).message).toBe(
      PEOPLE_MESSAGES.invitationResent,
    );
    expect(await messagesTo(email)).toHaveLength(2);
    const second = await linkTokenOf(email);
    expect(second).not.toBe(first);
    await expectInvalidLink(choose(first));
    expect((await accept(choose(second))).statusCode).toBe(200);
  });

  it('answers 409 once the invitation was used, and for an account never invited', async () => {
    const { email, userId } = await invitedStudent();
    await accept(choose(await linkTokenOf(email)));
    const { student } = await api.student(studentPayload(placement));
    for (const id of [userId, student.userId._id]) {
      const response = await resend(id);
      expect(response.statusCode).toBe(409);
      expect(errorResponseSchema.parse(response.json()).message).toBe(
        PEOPLE_MESSAGES.invitationNotPending,
      );
    }
  });

  it('answers 409 once the account has set a password with a reset link', async () => {
    const { email, userId } = await invitedStudent();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: '198.51.100.91',
    });
    await resetLinksWritten(t.database.db);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: choose(await linkTokenOf(email, 'reset-password')),
    });
    expect(reset.statusCode).toBe(200);
    expect((await resend(userId)).statusCode).toBe(409);
  });

  it('answers 409 for a deactivated account, whose link could not be used', async () => {
    const { userId } = await invitedStudent();
    const status = await api.post('set-account-status', { userId, isActive: false });
    expect(status.statusCode).toBe(200);
    const response = await resend(userId);
    expect(response.statusCode).toBe(409);
    expect(errorResponseSchema.parse(response.json()).message).toBe(
      PEOPLE_MESSAGES.invitationAccountDeactivated,
    );
  });

  it('records the resend in the audit log against the person', async () => {
    const { data, userId } = await invitedStudent();
    expect((await resend(userId)).statusCode).toBe(200);
    const entries = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, data.student._id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'student.create',
      'student.resend-invitation',
    ]);
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    const unknown = await resend(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(errorResponseSchema.parse(unknown.json()).message).toBe(PEOPLE_MESSAGES.accountNotFound);
    const malformed = await resend('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(errorResponseSchema.parse(malformed.json()).errors?.userId).toBe(
      'The user id is not valid',
    );
  });

  it('answers 401 without a token and 403 to faculty and students', async () => {
    const { userId } = await invitedStudent();
    expect((await resend(userId, null)).statusCode).toBe(401);
    for (const role of ['faculty', 'student'] as const) {
      const { accessToken } = await createSignedInUser(t.app, t.database.db, role);
      expect((await resend(userId, accessToken)).statusCode).toBe(403);
    }
  });

  it('leaves a default-password create answer as the spec has it', async () => {
    const response = await api.post('create-student', studentPayload(placement));
    expect(createdStudentResponse.safeParse(response.json()).success).toBe(true);
  });
});
