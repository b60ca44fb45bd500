import { z } from 'zod';
import { paginationSchema } from './api';

/**
 * A message's state: QUEUED until the mail server takes it, SENT, FAILED (with the server's
 * answer) once its retries are spent, or KEPT in the outbox when no mail server is configured.
 */
export const MAIL_STATUSES = ['QUEUED', 'SENT', 'FAILED', 'KEPT'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  QUEUED: 'Queued',
  SENT: 'Sent',
  FAILED: 'Failed',
  KEPT: 'Kept, not sent',
};

/** `GET /admin/get-outbox`: the messages the platform wrote, newest first. */
export const outboxMessageSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxDataSchema = z.object({
  messages: z.array(outboxMessageSchema),
  pagination: paginationSchema,
  /** Whether a mail server is configured: without one every message is only kept here. */
  sending: z.boolean(),
});
export type OutboxData = z.infer<typeof outboxDataSchema>;
