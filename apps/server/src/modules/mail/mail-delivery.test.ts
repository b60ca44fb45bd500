import type { AddressInfo } from 'node:net';
import { outboxDataSchema, successResponse } from '@examiq/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createSignedInUser, createTestUser } from '../../test/users';

/** A mail server in the test that speaks plain SMTP only (no STARTTLS), and what it received. */
let smtp: SMTPServer;
let smtpUrl: string;
const received: { to: string; body: string }[] = [];

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
        received.push({ to: session.envelope.rcptTo[0]?.address ?? '', body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

/** The message's parts as written: soft line breaks joined, escaped bytes restored. */
const quotedPrintableDecoded = (body: string) =>
  body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );

async function appWith(allowPlain: boolean) {
  const t = await createTestApp({
    config: {
      mail: {
        smtpUrl,
        allowPlain,
        from: 'ExamIQ <no-reply@college.test>',
        publicUrl: 'https://exams.college.test',
        institutionName: 'Test College',
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
      expect(mail).toContain('https://exams.college.test/reset-password?token=');
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
