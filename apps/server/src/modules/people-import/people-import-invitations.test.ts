import type { AddressInfo } from 'node:net';
import {
  importJobSchema,
  outboxDataSchema,
  PEOPLE_IMPORT_MESSAGES,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq, inArray, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { masterDataClient } from '../../test/master-data';
import { csvFile, facultyRow, importClient, studentRow } from '../../test/people-import';
import { quotedPrintableDecoded } from '../../test/quoted-printable';
import { bearer, createSignedInUser, signIn } from '../../test/users';

/** A mail server in the test, the addresses it received mail for, and each mail's text. */
let smtp: SMTPServer;
const delivered: string[] = [];
const mailTo = new Map<string, string>();
let t: TestApp;
let api: ReturnType<typeof importClient>;
let adminToken: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        delivered.push(to);
        mailTo.set(to, quotedPrintableDecoded(body));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    config: {
      mail: {
        smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        allowPlain: true,
        from: 'ExamIQ <no-reply@college.test>',
        publicUrl: 'https://exams.college.test',
        institutionName: 'Test College',
        perMinute: 1000,
      },
    },
  });
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  adminToken = admin.accessToken;
  api = importClient(t.app, adminToken);
  // The template's example placement.
  const masterData = masterDataClient(t.app, adminToken);
  const batch = await masterData.batch(2024);
  const course = await masterData.course(batch._id, { name: 'B.Tech' });
  const branch = await masterData.branch(course._id, { code: 'CSE' });
  await masterData.section(branch._id, { name: 'A' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const jobResponse = successResponse(importJobSchema.strict()).strict();

/** The outbox's messages to addresses starting with `prefix`, once none is still queued. */
async function sentTo(prefix: string, count: number) {
  for (let tries = 0; tries < 200; tries++) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/get-outbox?limit=100',
      headers: bearer(adminToken),
    });
    const messages = successResponse(outboxDataSchema)
      .parse(response.json())
      .data.messages.filter((message) => message.to.startsWith(prefix));
    if (messages.length === count && messages.every((message) => message.status === 'SENT')) {
      return messages;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The messages to ${prefix}… were not all sent`);
}

async function importWithInvitations(
  kind: 'students' | 'faculty',
  bytes: Buffer,
  mode: 'all-or-nothing' | 'valid-only',
) {
  const response = await api.upload(
    `import/${kind}`,
    { bytes, name: `${kind}.csv` },
    { mode, invite: 'true' },
  );
  expect(response.statusCode).toBe(202);
  const started = jobResponse.parse(response.json()).data;
  expect(started.invite).toBe(true);
  return jobResponse.parse({ success: true, data: await api.finished(started._id) }).data;
}

describe('POST /api/admin/import/{kind} with invite: true', () => {
  it('mails each imported student a set-password invitation through the mail job, with no credentials file', async () => {
    const rows = [1, 2, 3].map((serial) => studentRow(`inv${serial}`));
    const job = await importWithInvitations(
      'students',
      csvFile('students', rows),
      'all-or-nothing',
    );
    expect(job).toMatchObject({
      status: 'SUCCEEDED',
      invite: true,
      summary: { imported: 3, skipped: 0 },
      credentialsAvailable: false,
    });
    const credentials = await api.get(`get-job-credentials/${job._id}`);
    expectError(credentials, 409, { message: PEOPLE_IMPORT_MESSAGES.invitedNoCredentials });

    const messages = await sentTo('studentinv', 3);
    expect(messages.map((message) => message.to).sort()).toEqual(
      rows.map((row) => String(row.email)).sort(),
    );
    for (const message of messages) {
      expect(message).toMatchObject({
        kind: 'invitation',
        subject: 'You are invited to ExamIQ · Test College',
      });
    }
    expect(delivered).toEqual(expect.arrayContaining(rows.map((row) => String(row.email))));

    // Nobody knows the accounts' password, and none has one to change at the first sign-in.
    const accounts = await t.database.db
      .select({ isFirstLogin: users.isFirstLogin })
      .from(users)
      .where(like(users.email, 'studentinv%'));
    expect(accounts).toEqual([
      { isFirstLogin: false },
      { isFirstLogin: false },
      { isFirstLogin: false },
    ]);

    // One link sets the password, and the student signs in with it. The outbox keeps a sent
    // message with its link cut: the link is in the mail the student received.
    const message = messages.find((candidate) => candidate.to === rows[0]?.email);
    expect(message?.text).toContain('set-password?token=(sent by email, not kept)');
    const token = /set-password\?token=([\w-]+)/.exec(
      mailTo.get(String(rows[0]?.email)) ?? '',
    )?.[1];
    expect(token).toBeTruthy();
    const password = 'Imported-and-invited-1';
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, newPassword: password, confirmPassword: password },
    });
    expect(accepted.statusCode).toBe(200);
    const session = await signIn(t.app, String(rows[0]?.email), password);
    expect(session.user.role).toBe('student');

    const [entry] = await t.database.db
      .select({ summary: auditLog.summary, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.recordId, job._id));
    expect(entry?.summary).toBe(
      'Imported 3 students from students.csv, each invited by email to set a password',
    );
    expect(entry?.changes).toMatchObject({ invite: true, imported: 3 });
  });

  it('invites only the faculty rows written by a valid-only import', async () => {
    const rows = [facultyRow('inv1'), facultyRow('inv2', { email: 'not-an-email' })];
    const job = await importWithInvitations('faculty', csvFile('faculty', rows), 'valid-only');
    expect(job).toMatchObject({
      status: 'SUCCEEDED',
      summary: { imported: 1, skipped: 1 },
      credentialsAvailable: false,
    });
    const messages = await sentTo('facultyinv', 1);
    expect(messages.map((message) => message.to)).toEqual(['facultyinv1@import.example']);
  });

  it('keeps the default passwords and the credentials file without invite, or with invite: false', async () => {
    for (const [serial, fields] of [
      ['def1', { mode: 'all-or-nothing' }],
      ['def2', { mode: 'all-or-nothing', invite: 'false' }],
    ] as const) {
      const response = await api.upload(
        'import/students',
        { bytes: csvFile('students', [studentRow(serial)]), name: 'students.csv' },
        fields,
      );
      expect(response.statusCode).toBe(202);
      const job = await api.finished(jobResponse.parse(response.json()).data._id);
      expect(job).toMatchObject({ invite: false, credentialsAvailable: true });
    }
    const [account] = await t.database.db
      .select({ isFirstLogin: users.isFirstLogin })
      .from(users)
      .where(inArray(users.email, ['studentdef1@import.example']));
    expect(account?.isFirstLogin).toBe(true);
  });

  it('answers 400 naming the field for an invite other than true or false, and imports nobody', async () => {
    for (const invite of ['yes', '1', '', 'TRUE']) {
      const response = await api.upload(
        'import/students',
        { bytes: csvFile('students', [studentRow('bad-invite')]), name: 'students.csv' },
        { mode: 'all-or-nothing', invite },
      );
      expectError(response, 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { invite: PEOPLE_IMPORT_MESSAGES.invite },
      });
    }
    const both = await api.upload(
      'import/students',
      { bytes: csvFile('students', [studentRow('bad-invite')]), name: 'students.csv' },
      { mode: 'some', invite: 'maybe' },
    );
    expectError(both, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { mode: PEOPLE_IMPORT_MESSAGES.mode, invite: PEOPLE_IMPORT_MESSAGES.invite },
    });
    expect(await t.database.db.$count(users, like(users.email, 'studentbad-invite%'))).toBe(0);
  });
});
