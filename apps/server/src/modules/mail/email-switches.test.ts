import {
  AUTH_MESSAGES,
  DEFAULT_INSTITUTION_SETTINGS,
  institutionSettingsDataSchema,
  messageResponseSchema,
  outboxDataSchema,
  PEOPLE_MESSAGES,
  publicConfigSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { institutionSettings, jobs, passwordResetTokens, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf } from '../../test/audit';
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
import { csvFile, importClient, studentRow } from '../../test/people-import';
import { resetLinksWritten } from '../../test/reset-links';
import { bearer, createSignedInUser, createTestUser } from '../../test/users';
import { PASSWORD_RESET_JOB } from '../auth/password-reset';

/** The switches of invitations and reset links: what the settings take and what each stops. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let people: PeopleClient;
let placement: Placement;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  people = peopleClient(t.app, admin.accessToken);
  placement = await createPlacement(masterDataClient(t.app, admin.accessToken), 2024);
});
afterAll(() => t.close());
// Each test starts from an institution that never saved its settings: both switches on.
afterEach(async () => {
  await t.database.db.delete(institutionSettings);
});

const settingsResponse = successResponse(institutionSettingsDataSchema.strict()).strict();

const LABELS = {
  invitationEmails: 'Offer email invitations instead of default passwords',
  passwordResetEmails: 'Email a reset link to people who forgot their password',
} as const;
type Switch = keyof typeof LABELS;

function putSettings(payload: object) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(admin.accessToken),
    payload: { maxExamDurationMinutes: 150, countAbsentAsZero: false, ...payload },
  });
}

async function readSettings() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/settings',
    headers: bearer(admin.accessToken),
  });
  expect(response.statusCode).toBe(200);
  return settingsResponse.parse(response.json()).data;
}

async function switchOff(...keys: Switch[]) {
  const response = await putSettings(Object.fromEntries(keys.map((key) => [key, false])));
  expect(response.statusCode, response.body).toBe(200);
}

async function publicConfig() {
  const response = await t.app.inject({ method: 'GET', url: '/api/public-config' });
  expect(response.statusCode).toBe(200);
  return successResponse(publicConfigSchema.strict()).parse(response.json()).data;
}

const forgot = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: ip,
  });

/** The outbox's messages to `email`, newest first. */
async function messagesTo(email: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/get-outbox?limit=100',
    headers: bearer(admin.accessToken),
  });
  expect(response.statusCode).toBe(200);
  const { data } = successResponse(outboxDataSchema).parse(response.json());
  return data.messages.filter((message) => message.to === email);
}

async function linksOf(email: string) {
  const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
  return t.database.db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, account?.id as string));
}

describe('the switches of invitations and password resets in the settings', () => {
  it('are on before anyone saved a setting', async () => {
    const { settings } = await readSettings();
    expect(settings).toEqual(DEFAULT_INSTITUTION_SETTINGS);
    expect(settings).toMatchObject({ invitationEmails: true, passwordResetEmails: true });
  });

  it('are saved, read back, recorded, and kept by a save that leaves them out', async () => {
    const response = await putSettings({ invitationEmails: false, passwordResetEmails: false });
    expect(response.statusCode).toBe(200);
    const saved = settingsResponse.parse(response.json()).data;
    expect(saved.settings).toEqual({
      ...DEFAULT_INSTITUTION_SETTINGS,
      invitationEmails: false,
      passwordResetEmails: false,
    });
    expect(await readSettings()).toEqual(saved);
    expect(await lastAuditOf(t.database.db, 'institution')).toMatchObject({
      action: 'settings.update',
      summary: 'Changed 2 settings',
      changes: {
        invitationEmails: { from: true, to: false },
        passwordResetEmails: { from: true, to: false },
      },
    });

    // An older client that knows neither switch leaves them as they are.
    expect((await putSettings({ maxExamDurationMinutes: 180 })).statusCode).toBe(200);
    expect((await readSettings()).settings).toMatchObject({
      maxExamDurationMinutes: 180,
      invitationEmails: false,
      passwordResetEmails: false,
    });
    expect((await putSettings({ passwordResetEmails: true })).statusCode).toBe(200);
    expect((await readSettings()).settings).toMatchObject({
      invitationEmails: false,
      passwordResetEmails: true,
    });
  });

  it.each(
    (Object.keys(LABELS) as Switch[]).flatMap((key) =>
      [null, 'false', 0].map((value) => [key, value] as const),
    ),
  )('refuses %s: %j with its label, changing nothing', async (key, value) => {
    expectError(await putSettings({ [key]: value }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { [key]: `${LABELS[key]} must be true or false` },
    });
    expect((await readSettings()).updatedAt).toBeNull();
  });
});

describe('password resets switched off', () => {
  it('tells the sign-in screen through the public config, which carries the switch', async () => {
    expect(await publicConfig()).toEqual({ supportEmail: null, passwordResetEmails: true });
    await switchOff('passwordResetEmails');
    expect(await publicConfig()).toEqual({ supportEmail: null, passwordResetEmails: false });
  });

  it('answers forgot-password the same, after the same statements, and writes no link or message', async () => {
    const { email } = await createTestUser(t.database.db, { role: 'student' });
    const unknown = 'nobody-switched@college.test';
    await switchOff('passwordResetEmails');

    await t.app.jobs.stop();
    try {
      for (const address of [email, unknown]) {
        const response = await forgot(address, '198.51.100.140');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetLinkSent });
      }
      // The request queues the link's job whatever the switch: the job reads it.
      const queued = await t.database.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(eq(jobs.kind, PASSWORD_RESET_JOB));
      expect(queued.map((job) => job.payload)).toEqual(
        expect.arrayContaining([{ email }, { email: unknown }]),
      );
    } finally {
      await t.app.jobs.start();
    }
    await resetLinksWritten(t.database.db);
    expect(await messagesTo(email)).toEqual([]);
    expect(await linksOf(email)).toEqual([]);

    // Switched on again, the same request mails the link.
    expect((await putSettings({ passwordResetEmails: true })).statusCode).toBe(200);
    expect(messageResponseSchema.parse((await forgot(email, '198.51.100.141')).json())).toEqual({
      success: true,
      message: AUTH_MESSAGES.resetLinkSent,
    });
    await resetLinksWritten(t.database.db);
    expect((await messagesTo(email)).map((message) => message.kind)).toEqual(['password-reset']);
    expect(await linksOf(email)).toHaveLength(1);
  });
});

describe('invitations switched off', () => {
  const refusal = {
    message: VALIDATION_FAILED_MESSAGE,
    errors: { invite: PEOPLE_MESSAGES.invitationsOff },
  };

  it('refuses invite: true on create-student and create-faculty with a field message, creating nobody', async () => {
    await switchOff('invitationEmails');
    const student = studentPayload(placement);
    expectError(await people.post('create-student', { ...student, invite: true }), 400, refusal);
    const faculty = facultyPayload();
    expectError(await people.post('create-faculty', { ...faculty, invite: true }), 400, refusal);
    for (const address of [student.email, faculty.email]) {
      expect(await t.database.db.$count(users, eq(users.email, address))).toBe(0);
    }

    // The default password, the spec's flow, is still there.
    const created = await people.student({ ...studentPayload(placement), invite: false });
    expect(created.defaultPassword).toMatch(/.{12,}/);
    expect(await messagesTo(created.student.userId.email)).toEqual([]);
  });

  it('names invite beside the profile errors of the same body', async () => {
    await switchOff('invitationEmails');
    const response = await people.post('create-student', {
      ...studentPayload(placement),
      email: 'not-an-email',
      invite: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      email: expect.any(String),
      invite: PEOPLE_MESSAGES.invitationsOff,
    });
  });

  it('refuses an import with invitations, importing nobody', async () => {
    await switchOff('invitationEmails');
    const imports = importClient(t.app, admin.accessToken);
    const response = await imports.upload(
      'import/students',
      { bytes: csvFile('students', [studentRow('switched-off')]), name: 'students.csv' },
      { mode: 'all-or-nothing', invite: 'true' },
    );
    expectError(response, 400, refusal);
    expect(await t.database.db.$count(users, like(users.email, 'studentswitched-off%'))).toBe(0);
  });

  it('answers resend-invitation 409, while the link already mailed still sets the password', async () => {
    const created = await people.post('create-student', {
      ...studentPayload(placement),
      invite: true,
    });
    expect(created.statusCode).toBe(201);
    const { email, _id: userId } = created.json().data.student.userId as {
      email: string;
      _id: string;
    };
    const [message] = await messagesTo(email);
    const token = /set-password\?token=([\w-]+)/.exec(message?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    await switchOff('invitationEmails');
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resend-invitation',
      headers: bearer(admin.accessToken),
      payload: { userId },
    });
    expectError(resend, 409, { message: PEOPLE_MESSAGES.invitationsOffResend });
    expect(await messagesTo(email)).toHaveLength(1);

    const password = 'Invited-before-2026';
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, newPassword: password, confirmPassword: password },
    });
    expect(accepted.statusCode).toBe(200);
    expect(messageResponseSchema.parse(accepted.json()).message).toBe(
      AUTH_MESSAGES.invitationAccepted,
    );
  });
});
