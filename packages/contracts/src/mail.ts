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

/**
 * The messages written about an exam to its students: when it is published, a day and an hour
 * before its window opens, and when its results are published.
 */
export const EXAM_MESSAGE_KINDS = [
  'exam-scheduled',
  'exam-reminder-day',
  'exam-reminder-hour',
  'results-published',
] as const;
export type ExamMessageKind = (typeof EXAM_MESSAGE_KINDS)[number];

export const EXAM_REMINDERS_LABEL = 'Email me reminders before my exams';

/** `PUT /student/update-email-preferences`: the student's own choice about reminders. */
export const emailPreferencesSchema = z.object(
  {
    examReminders: z.boolean({ error: 'Exam reminders must be true or false' }),
  },
  { error: 'Preferences are required' },
);
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const EMAIL_PREFERENCES_MESSAGES = {
  saved: 'Email preferences saved',
  saveFailed: 'Failed to save the email preferences',
  fetchFailed: 'Failed to load the email preferences',
} as const;
