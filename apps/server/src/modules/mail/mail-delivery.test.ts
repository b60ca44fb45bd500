import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import { createStudentDataSchema, outboxDataSchema, successResponse } from '@examiq/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailMessages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { masterDataClient } from '../../test/master-data';
import { recordingLog } from '../../test/output';
import { createPlacement, studentPayload } from '../../test/people';
import { quotedPrintableDecoded } from '../../test/quoted-printable';
import { bearer, createSignedInUser, createTestUser } from '../../test/users';
import { createMetrics } from '../metrics/metrics';
import { keepMail, sendMailJob } from './mail.service';
import { MESSAGES } from './messages';

const received: { to: string; body: string; secure: boolean; user: string | undefined }[] = [];
const servers: SMTPServer[] = [];

/**
 * A mail server in the test (with its built-in self-signed certificate where it speaks TLS), and
 * its address with the certificate accepted.
 */
async function startMailServer(
  options: ConstructorParameters<typeof SMTPServer>[0],
  scheme = 'smtp',
  credentials = '',
) {
  const server = new SMTPServer({
    authOptional: true,
    ...options,
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo[0]?.address ?? '',
          body,
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return `${scheme}://${credentials}127.0.0.1:${port}?tls.rejectUnauthorized=false`;
}

/** A server that speaks plain SMTP only (no STARTTLS). */
let smtpUrl: string;
beforeAll(async () => {
  smtpUrl = await startMailServer({ disabledCommands: ['STARTTLS'] });
});
afterAll(() =>
  Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  ),
);

const METRICS_TOKEN = 'mail-metrics-token';

async function appWith(allowPlain: boolean, perMinute = 60, url = smtpUrl, logStream?: Writable) {
  const t = await createTestApp({
    ...(logStream ? { logStream } : {}),
    config: {
      metricsToken: METRICS_TOKEN,
      ...(logStream ? { logLevel: 'info' as const } : {}),
      mail: {
        smtpUrl: url,
        allowPlain,
        from: 'ExamIQ <no-reply@college.test>',
        publicUrl: 'https://exams.college.test',
        institutionName: 'Test College',
        perMinute,
      },
    },
  });
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  return { t, adminToken: admin.accessToken };
}

/** The outbox's newest message to `email`, once `done` says it has settled. */
async function settled(
  t: TestApp,
  adminToken: string,
  email: string,
  done: (message: { status: string; error: string | null }) => boolean,
) {
  for (let tries = 0; tries < 100; tries++) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/get-outbox',
      headers: bearer(adminToken),
    });
    const { data } = successResponse(outboxDataSchema).parse(response.json());
    const message = data.messages.find((candidate) => candidate.to === email);
    if (message && done(message)) return { message, sending: data.sending };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No settled message to ${email}`);
}

describe('sending through SMTP_URL', () => {
  it('sends the reset link through the mail server and records it as sent', async () => {
    const { t, adminToken } = await appWith(true);
    try {
      const { email } = await createTestUser(t.database.db);
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      const { message, sending } = await settled(t, adminToken, email, (m) => m.status === 'SENT');
      expect(sending).toBe(true);
      expect(message.error).toBeNull();
      const mail = quotedPrintableDecoded(received.find((item) => item.to === email)?.body ?? '');
      expect(mail).toMatch(/^Subject: /m);
      expect(mail).toContain('Reset your password');
      const token = /reset-password\?token=([\w-]+)/.exec(mail)?.[1] as string;
      expect(token).toBeTruthy();
      const html = mail.slice(mail.indexOf('Content-Type: text/html'));
      expect(html).toContain('Reset your password</a>');
      expect(html).not.toMatch(/<img/i);

      // Sent, the outbox keeps the message with its link cut: it no longer holds a working link.
      expect(message.text).toContain('reset-password?token=(sent by email, not kept)');
      const stored = await t.database.db
        .select({ text: mailMessages.text, html: mailMessages.html })
        .from(mailMessages)
        .where(eq(mailMessages.to, email));
      expect(JSON.stringify(stored)).not.toContain(token);
    } finally {
      await t.close();
    }
  });

  it("mails a created student's invitation through the mail server, and its link sets the password", async () => {
    const { t, adminToken } = await appWith(true);
    try {
      const placement = await createPlacement(masterDataClient(t.app, adminToken), 2031);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/create-student',
        headers: bearer(adminToken),
        payload: { ...studentPayload(placement), invite: true },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { email } = successResponse(createStudentDataSchema).parse(created.json()).data.student;
      await settled(t, adminToken, email, (m) => m.status === 'SENT');
      const mail = quotedPrintableDecoded(received.find((item) => item.to === email)?.body ?? '');
      expect(mail).toContain('Test College has created an ExamIQ account for you');
      const html = mail.slice(mail.indexOf('Content-Type: text/html'));
      expect(html).toContain('Set your password</a>');
      expect(html).not.toMatch(/<img/i);
      const token = /set-password\?token=([\w-]+)/.exec(mail)?.[1] as string;
      const password = 'Chosen-by-mail-2031';
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { token, newPassword: password, confirmPassword: password },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('sends through an smtps:// server over TLS from the start', async () => {
    const { t, adminToken } = await appWith(
      false,
      60,
      await startMailServer({ secure: true }, 'smtps'),
    );
    try {
      const { email } = await createTestUser(t.database.db);
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      await settled(t, adminToken, email, (m) => m.status === 'SENT');
      expect(received.find((item) => item.to === email)).toMatchObject({ secure: true });
    } finally {
      await t.close();
    }
  });

  it("upgrades an smtp:// server with STARTTLS, signs in to it, and never shows the URL's password", async () => {
    const password = 'smtp-password-never-shown-7c41';
    const url = await startMailServer(
      {
        authOptional: false,
        onAuth(auth, _session, callback) {
          if (auth.username === 'examiq' && auth.password === password) {
            callback(null, { user: auth.username });
          } else callback(new Error('Invalid username or password'));
        },
      },
      'smtp',
      `examiq:${password}@`,
    );
    const { lines, stream } = recordingLog();
    const { t, adminToken } = await appWith(false, 60, url, stream);
    try {
      const { email } = await createTestUser(t.database.db);
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      const { message } = await settled(t, adminToken, email, (m) => m.status === 'SENT');
      expect(received.find((item) => item.to === email)).toMatchObject({
        secure: true,
        user: 'examiq',
      });
      expect(JSON.stringify(message)).not.toContain(password);
      const metrics = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.statusCode).toBe(200);
      for (const text of [...t.responses, metrics.body, lines.join('\n')]) {
        expect(text).not.toContain(password);
      }
    } finally {
      await t.close();
    }
  });

  it('refuses to send in the clear to a server without STARTTLS unless allowed, and says why', async () => {
    const { t, adminToken } = await appWith(false);
    try {
      const { email } = await createTestUser(t.database.db);
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      const { message } = await settled(t, adminToken, email, (m) => m.error !== null);
      expect(message.status).toBe('QUEUED');
      expect(message.error).toMatch(/STARTTLS/i);
      expect(received.some((item) => item.to === email)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

/** The count of messages by outcome that GET /api/metrics reports. */
async function mailCount(t: TestApp, outcome: 'sent' | 'failed') {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = new RegExp(`^examiq_mail_messages_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm');
  return Number(line.exec(response.body)?.[1]);
}

describe('the per-minute cap and the counts of sent and failed messages', () => {
  it('sends no more than MAIL_PER_MINUTE in a minute; the next waits for the window without losing an attempt', async () => {
    const { t, adminToken } = await appWith(true, 2);
    try {
      expect(await mailCount(t, 'sent')).toBe(0);
      const emails: string[] = [];
      for (let k = 0; k < 3; k++) {
        const { email } = await createTestUser(t.database.db);
        emails.push(email);
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
        });
      }
      for (const email of emails.slice(0, 2)) {
        await settled(t, adminToken, email, (m) => m.status === 'SENT');
      }
      const [waiting] = await t.database.db
        .select({ id: mailMessages.id, status: mailMessages.status, error: mailMessages.error })
        .from(mailMessages)
        .where(eq(mailMessages.to, emails[2] as string));
      expect(waiting).toMatchObject({ status: 'QUEUED', error: null });
      const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'send-mail'));
      expect(job).toMatchObject({ status: 'QUEUED', attempts: 0 });
      expect((job?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(30_000);
      expect(received.some((item) => item.to === emails[2])).toBe(false);
      expect(await mailCount(t, 'sent')).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('puts a password reset held back by the cap ahead of the invitations waiting before it', async () => {
    const { t, adminToken } = await appWith(true, 1);
    try {
      const first = await createTestUser(t.database.db);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: first.email },
      });
      await settled(t, adminToken, first.email, (m) => m.status === 'SENT');
      for (let k = 0; k < 3; k++) {
        await keepMail(
          t.database.db,
          t.app.jobs,
          true,
          `invited-${k}@college.test`,
          MESSAGES.invitation(t.config.mail, `Invited ${k}`, `token-${k}`),
        );
      }
      const { email } = await createTestUser(t.database.db);
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      const next = async () => {
        const [job] = await t.database.db
          .select({ to: mailMessages.to, status: mailMessages.status })
          .from(jobs)
          .innerJoin(mailMessages, sql`${mailMessages.id}::text = ${jobs.payload}->>'messageId'`)
          .where(eq(jobs.status, 'QUEUED'))
          .orderBy(desc(jobs.priority), jobs.runAt);
        return job;
      };
      for (let tries = 0; tries < 100 && (await next())?.to !== email; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await next()).toEqual({ to: email, status: 'QUEUED' });
      expect(await mailCount(t, 'sent')).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('marks a message given up after its last attempt as failed and counts it', async () => {
    const t = await createTestApp();
    try {
      const metrics = createMetrics(t.database);
      const job = sendMailJob(t.config.mail, metrics);
      const [message] = await t.database.db
        .insert(mailMessages)
        .values({
          kind: 'password-reset',
          to: 'someone@college.test',
          subject: 'Reset your password',
          text: 'A link',
          html: '<p>A link</p>',
          status: 'QUEUED',
        })
        .returning({ id: mailMessages.id });
      await job.failed(
        t.database.db,
        { messageId: message?.id as string },
        new Error('550 No such user'),
      );
      const [stored] = await t.database.db
        .select({ status: mailMessages.status, error: mailMessages.error })
        .from(mailMessages)
        .where(eq(mailMessages.id, message?.id as string));
      expect(stored).toEqual({ status: 'FAILED', error: '550 No such user' });
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/^examiq_mail_messages_total\{outcome="failed"\} 1$/m);
      expect(text).toMatch(/^examiq_mail_messages_total\{outcome="sent"\} 0$/m);
    } finally {
      await t.close();
    }
  });
});
