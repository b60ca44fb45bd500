import type { OutboxData, PageQuery } from '@examiq/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSettings } from '../../config';
import { type AppDatabase, queryRows } from '../../db/client';
import { findPage, matchingTotal } from '../../db/paging';
import { mailMessages } from '../../db/schema';
import { JobDeferred, type JobKind, type JobRunner } from '../../jobs/runner';
import type { Metrics } from '../metrics/metrics';
import { type Message, withoutLinkTokens } from './messages';

export const SEND_MAIL_JOB = 'send-mail';

/**
 * The mail server of the settings. An smtp:// server must upgrade with STARTTLS unless the
 * operator allowed plain text (a relay on the same host); smtps:// is TLS from the start.
 */
export function mailTransport(settings: MailSettings): Transporter | null {
  if (!settings.smtpUrl) return null;
  const plainAllowed = settings.allowPlain && settings.smtpUrl.startsWith('smtp:');
  return nodemailer.createTransport({ url: settings.smtpUrl, requireTLS: !plainAllowed });
}

/**
 * Which messages leave first when the per-minute cap holds some back: someone is waiting for a
 * password reset's link, which lasts 30 minutes, and a reminder is worth nothing once its exam
 * has opened; an import's invitations (valid 7 days) and the other exam messages take their turn.
 */
const SENDING_PRIORITY: Readonly<Record<string, number>> = {
  'password-reset': 3,
  'exam-reminder-hour': 2,
  'exam-reminder-day': 1,
};

/**
 * Keeps a message in the outbox and, with a mail server, queues its sending, inside the caller's
 * transaction: a message is kept and queued with the record it tells of, or not at all. The
 * caller wakes the runner once that has committed.
 */
export async function keepMail(
  tx: AppDatabase,
  jobs: JobRunner,
  sending: boolean,
  to: string,
  message: Message,
): Promise<void> {
  const [row] = await tx
    .insert(mailMessages)
    .values({ ...message, to, status: sending ? 'QUEUED' : 'KEPT' })
    .returning({ id: mailMessages.id });
  if (sending && row) {
    await jobs.add(tx, SEND_MAIL_JOB, { messageId: row.id }, SENDING_PRIORITY[message.kind] ?? 0);
  }
}

const MAIL_CAP_KEY = 'mail:per-minute';

/**
 * Counts a message against the per-minute cap shared by every process, in the sign-in limits'
 * counters (a fixed window); the seconds until the window has room, or null when it was counted.
 */
async function takeSendingSlot(db: AppDatabase, perMinute: number): Promise<number | null> {
  const [row] = await queryRows<{ wait_seconds: number | null }>(
    db,
    sql`select wait_seconds from examiq_reserve_limits(array[${MAIL_CAP_KEY}]::text[],
      array[${perMinute}]::integer[], array[60]::float8[], array[null]::float8[],
      array[null]::float8[])`,
  );
  return row?.wait_seconds ?? null;
}

/**
 * Sends a queued message, within the per-minute cap (beyond it the job waits for the next window,
 * which costs it no attempt); the runner retries a refusal with backoff, then marks it failed.
 */
export function sendMailJob(
  settings: MailSettings,
  metrics: Pick<Metrics, 'mailed'>,
): JobKind<{ messageId: string }> {
  let transport: Transporter | null | undefined;
  return {
    name: SEND_MAIL_JOB,
    attempts: 5,
    concurrency: 2,
    async run({ messageId }, { db }) {
      transport ??= mailTransport(settings);
      const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
      if (message?.status !== 'QUEUED' || !transport) return;
      const waitSeconds = await takeSendingSlot(db, settings.perMinute);
      if (waitSeconds !== null) throw new JobDeferred(Math.ceil(waitSeconds * 1000));
      try {
        await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        await db
          .update(mailMessages)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(mailMessages.id, messageId));
        throw error;
      }
      await db
        .update(mailMessages)
        .set({
          status: 'SENT',
          sentAt: sql`now()`,
          error: null,
          text: sql.raw(withoutLinkTokens('text')),
          html: sql.raw(withoutLinkTokens('html')),
        })
        .where(eq(mailMessages.id, messageId));
      metrics.mailed('sent');
    },
    async failed(tx, { messageId }, cause) {
      await tx
        .update(mailMessages)
        .set({
          status: 'FAILED',
          error: cause instanceof Error ? cause.message : String(cause),
        })
        .where(eq(mailMessages.id, messageId));
      metrics.mailed('failed');
    },
  };
}

/** One page of the outbox, newest first. */
export async function listOutbox(
  db: AppDatabase,
  query: PageQuery,
  sending: boolean,
): Promise<OutboxData> {
  const { items, pagination } = await findPage(query, ({ limit, offset }) =>
    db
      .select({
        id: mailMessages.id,
        kind: mailMessages.kind,
        to: mailMessages.to,
        subject: mailMessages.subject,
        text: mailMessages.text,
        status: mailMessages.status,
        error: mailMessages.error,
        createdAt: mailMessages.createdAt,
        sentAt: mailMessages.sentAt,
        total: matchingTotal,
      })
      .from(mailMessages)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(limit)
      .offset(offset),
  );
  return {
    messages: items.map(({ id, total: _total, createdAt, sentAt, ...message }) => ({
      _id: id,
      ...message,
      createdAt: createdAt.toISOString(),
      sentAt: sentAt?.toISOString() ?? null,
    })),
    pagination,
    sending,
  };
}
