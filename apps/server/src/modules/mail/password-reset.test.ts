import {
  AUTH_MESSAGES,
  errorResponseSchema,
  messageResponseSchema,
  outboxDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, passwordResetTokens, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { resetLinksWritten } from '../../test/reset-links';
import { bearer, createSignedInUser, createTestUser, signIn } from '../../test/users';
import { PASSWORD_RESET_JOB } from '../auth/password-reset';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await createSignedInUser(t.app, t.database.db, 'admin')).accessToken;
});
afterAll(() => t.close());

const NEW_PASSWORD = 'A-fresh-start-2026';

const forgot = (email: unknown, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email } as object,
    remoteAddress: ip,
  });

const reset = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: payload as object });

const outbox = (token: string | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/get-outbox${query}`,
    headers: token === null ? {} : bearer(token),
  });

/** The outbox's messages to `email`, newest first, once the links asked for are written. */
async function messagesTo(email: string) {
  await resetLinksWritten(t.database.db);
  const response = await outbox(adminToken, '?limit=100');
  expect(response.statusCode).toBe(200);
  const { data } = successResponse(outboxDataSchema).parse(response.json());
  return data.messages.filter((message) => message.to === email);
}

/** The token of the newest reset link mailed to `email`. */
async function linkTokenOf(email: string) {
  const [message] = await messagesTo(email);
  const token = /reset-password\?token=([\w-]+)/.exec(message?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

describe('POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  it('mails a reset link that sets a new password once, ends every session and works only once', async () => {
    const { email, password } = await createTestUser(t.database.db, { role: 'student' });
    const session = await signIn(t.app, email, password);

    const asked = await forgot(email);
    expect(asked.statusCode).toBe(200);
    expect(messageResponseSchema.parse(asked.json()).message).toBe(AUTH_MESSAGES.resetLinkSent);
    const [message] = await messagesTo(email);
    expect(message).toMatchObject({
      subject: 'Reset your password · Test College',
      status: 'KEPT',
      kind: 'password-reset',
    });
    expect(message?.text).toContain('https://exams.college.test/reset-password?token=');

    const token = await linkTokenOf(email);
    const done = await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(messageResponseSchema.parse(done.json()).message).toBe(AUTH_MESSAGES.passwordReset);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(session.tokens.accessToken),
    });
    expect(me.statusCode).toBe(401);
    expect((await signIn(t.app, email, NEW_PASSWORD)).user.email).toBe(email);

    const again = await reset({
      token,
      newPassword: 'Another-one-2026',
      confirmPassword: 'Another-one-2026',
    });
    expect(again.statusCode).toBe(400);
    expect(errorResponseSchema.parse(again.json()).message).toBe(AUTH_MESSAGES.resetLinkInvalid);
  });

  it('answers an unknown or deactivated email exactly as a known one, and mails nothing', async () => {
    const unknown = 'nobody-here@college.test';
    const { email: deactivated } = await createTestUser(t.database.db, { isActive: false });
    for (const email of [unknown, deactivated]) {
      const response = await forgot(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetLinkSent });
      expect(await messagesTo(email)).toEqual([]);
    }
  });

  it('does the same for a known address as for an unknown one before answering: the link is written after', async () => {
    const { email } = await createTestUser(t.database.db);
    await t.app.jobs.stop();
    try {
      for (const address of [email, 'nobody-either@college.test']) {
        const response = await forgot(address, '192.0.2.90');
        expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetLinkSent });
      }
      const queued = await t.database.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(eq(jobs.kind, PASSWORD_RESET_JOB));
      expect(queued.map((job) => job.payload)).toEqual(
        expect.arrayContaining([{ email }, { email: 'nobody-either@college.test' }]),
      );
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      const tokens = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user?.id as string));
      expect(tokens).toEqual([]);
    } finally {
      await t.app.jobs.start();
    }
    expect(await messagesTo(email)).toHaveLength(1);
    expect(await messagesTo('nobody-either@college.test')).toEqual([]);
  });

  it('mails at most three links an hour to one address, answering the same after', async () => {
    const { email } = await createTestUser(t.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await forgot(email, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    expect(await messagesTo(email)).toHaveLength(3);
  });

  it('writes at most twenty links an hour for one network address, answering the same after', async () => {
    const people = await Promise.all(
      Array.from({ length: 22 }, () => createTestUser(t.database.db)),
    );
    for (const { email } of people) {
      const response = await forgot(email, '192.0.2.120');
      expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetLinkSent });
    }
    const mailed = await Promise.all(people.map(({ email }) => messagesTo(email)));
    expect(mailed.map((messages) => messages.length)).toEqual([...Array<number>(20).fill(1), 0, 0]);
  });

  it('refuses a link past its 30 minutes, and an unknown one', async () => {
    const { email } = await createTestUser(t.database.db);
    await forgot(email, '192.0.2.44');
    const token = await linkTokenOf(email);
    await t.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second'`,
    );
    for (const payload of [
      { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: 'made-up-token', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ]) {
      const response = await reset(payload);
      expect(response.statusCode).toBe(400);
      expect(errorResponseSchema.parse(response.json()).message).toBe(
        AUTH_MESSAGES.resetLinkInvalid,
      );
    }
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{}, 'email'],
  ])('refuses a forgot-password body %j with a field message', async (payload, field) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.message).toBe(VALIDATION_FAILED_MESSAGE);
    expect(body.errors?.[field]).toBeTruthy();
  });

  it.each([
    [
      { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      'token',
      AUTH_MESSAGES.resetLinkInvalid,
    ],
    [{ token: 'x', newPassword: 'short', confirmPassword: 'short' }, 'newPassword', undefined],
    [
      { token: 'x', newPassword: NEW_PASSWORD, confirmPassword: 'Different-2026' },
      'confirmPassword',
      'Passwords must match',
    ],
  ])('refuses a reset body %j with the rule of its field', async (payload, field, message) => {
    const response = await reset(payload);
    expect(response.statusCode).toBe(400);
    const { errors } = errorResponseSchema.parse(response.json());
    expect(errors?.[field]).toBeTruthy();
    if (message) expect(errors?.[field]).toBe(message);
  });
});

describe('GET /api/admin/get-outbox', () => {
  it('pages the messages newest first and says no mail server is configured', async () => {
    const first = await createTestUser(t.database.db);
    const second = await createTestUser(t.database.db);
    await forgot(first.email, '192.0.2.61');
    await resetLinksWritten(t.database.db);
    await forgot(second.email, '192.0.2.62');
    await resetLinksWritten(t.database.db);
    const response = await outbox(adminToken, '?page=1&limit=1');
    expect(response.statusCode).toBe(200);
    const { data } = successResponse(outboxDataSchema).parse(response.json());
    expect(data.sending).toBe(false);
    expect(data.messages.map((message) => message.to)).toEqual([second.email]);
    expect(data.pagination).toMatchObject({ currentPage: 1, hasNextPage: true });
  });

  it('refuses a limit over the page size with a field message', async () => {
    const response = await outbox(adminToken, '?limit=100000');
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).errors?.limit).toBeTruthy();
  });

  it('answers 401 without a token and 403 to faculty and students', async () => {
    expect((await outbox(null)).statusCode).toBe(401);
    for (const role of ['faculty', 'student'] as const) {
      const { accessToken } = await createSignedInUser(t.app, t.database.db, role);
      expect((await outbox(accessToken)).statusCode).toBe(403);
    }
  });
});
