import type { ExamMessageKind, InstitutionSettings } from '@examiq/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSettings } from '../../config';
import { type AppDatabase, queryRows } from '../../db/client';
import { exams } from '../../db/schema';
import type { JobKind, JobRunner } from '../../jobs/runner';
import { repeatEvery } from '../../repeat';
import { wallClockMinute } from '../../wall-clock';
import { sittingWindow } from '../attempts/exam-window';
import { scheduleDetailsOf } from '../exams/exam-header';
import { readSettings } from '../settings/settings.service';
import { keepMail } from './mail.service';
import { type ExamMessageFacts, MESSAGES } from './messages';

export const EXAM_MESSAGES_JOB = 'exam-messages';

/** Recipients recorded and mailed per transaction: a large audience is written a batch at a time. */
const MESSAGE_BATCH = 200;
/** How often the reminder sweep looks for exams opening within a day or an hour. */
const REMINDER_SWEEP_MS = 60_000;
const HOUR_MS = 3_600_000;
const REMINDER_LEAD_MS = { 'exam-reminder-day': 24 * HOUR_MS, 'exam-reminder-hour': HOUR_MS };

type ReminderKind = keyof typeof REMINDER_LEAD_MS;
/** The messages sent as a job when the admin publishes: the exam, or its results. */
type PublishedKind = Exclude<ExamMessageKind, ReminderKind>;

/** The institution's switch of each kind of exam message. */
const SWITCHES: Record<ExamMessageKind, keyof InstitutionSettings> = {
  'exam-scheduled': 'examScheduledEmails',
  'exam-reminder-day': 'examReminderEmails',
  'exam-reminder-hour': 'examReminderEmails',
  'results-published': 'resultsPublishedEmails',
};

type ExamRow = typeof exams.$inferSelect;

/**
 * A reminder is not for a student who turned reminders off. Every reminder is written before the
 * window opens, when nobody can have started yet.
 */
const remindable = () => sql`account.exam_reminders`;

/** Who each kind of message goes to, of the exam's audience (active students of its sections). */
const RECIPIENTS: Record<ExamMessageKind, (exam: SQL) => SQL> = {
  'exam-scheduled': () => sql`true`,
  'exam-reminder-day': remindable,
  'exam-reminder-hour': remindable,
  // Those who sat it: they have a result to read.
  'results-published': (exam) => sql`exists (
    select from exam_attempts as attempt where attempt.exam_id = ${exam}
      and attempt.student_user_id = student.user_id and attempt.status = 'SUBMITTED')`,
};

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' });

interface Recipient {
  user_id: string;
  email: string;
  name: string;
}

/**
 * Records and keeps one kind of message for each recipient of the exam not yet written to, a
 * batch per transaction. The record's unique key (exam, student, kind, and the window start an
 * announcement or reminder tells of) is taken before the message is kept, in the same
 * transaction: of two processes writing the same messages, the second waits for the first's key
 * and then skips it, so nobody is mailed twice. A reminder skips a student told of the same
 * window since the reminder's moment (the exam was published within the day, say): it would
 * repeat what they just read. Each record is dated `now`, the app's clock. Returns how many were
 * written.
 */
export async function writeExamMessages(
  db: AppDatabase,
  jobs: JobRunner,
  mail: MailSettings,
  exam: ExamRow,
  kind: ExamMessageKind,
  now: Date,
): Promise<number> {
  const window = sittingWindow(scheduleDetailsOf(exam));
  const windowStart = kind === 'results-published' ? null : wallClockMinute(window.startsAt);
  const toldSince =
    kind === 'exam-reminder-day' || kind === 'exam-reminder-hour'
      ? sql`and not exists (select from exam_messages as told
          where told.exam_id = ${exam.id} and told.user_id = student.user_id
            and told.window_start = ${windowStart}::timestamp
            and told.created_at >= ${new Date(window.startsAt.getTime() - REMINDER_LEAD_MS[kind]).toISOString()}::timestamptz)`
      : sql``;
  const facts = (recipient: Recipient): ExamMessageFacts => ({
    name: recipient.name,
    id: exam.id,
    title: exam.title,
    opens: dateTime.format(window.startsAt),
    closes: dateTime.format(window.endsAt),
  });
  const messageOf = (recipient: Recipient) => {
    if (kind === 'exam-scheduled') return MESSAGES.examScheduled(mail, facts(recipient));
    if (kind === 'results-published') return MESSAGES.resultsPublished(mail, facts(recipient));
    return MESSAGES.examReminder(
      mail,
      facts(recipient),
      kind === 'exam-reminder-day' ? 'day' : 'hour',
    );
  };
  const sending = mail.smtpUrl !== undefined;
  let written = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const recipients = await queryRows<Recipient>(
        tx,
        sql`with candidate as (
          select student.user_id, account.email,
            student.first_name || ' ' || student.last_name as name
          from exam_target_sections as target
          inner join students as student on student.section_id = target.section_id
          inner join users as account on account.id = student.user_id and account.is_active
          where target.exam_id = ${exam.id} and ${RECIPIENTS[kind](sql`${exam.id}`)} ${toldSince}
            and not exists (select from exam_messages as sent
              where sent.exam_id = ${exam.id} and sent.user_id = student.user_id
                and sent.kind = ${kind}
                and sent.window_start is not distinct from ${windowStart}::timestamp)
          order by student.user_id
          limit ${MESSAGE_BATCH}
        ), recorded as (
          insert into exam_messages (exam_id, user_id, kind, window_start, created_at)
          select ${exam.id}::uuid, user_id, ${kind}::text, ${windowStart}::timestamp,
            ${now.toISOString()}::timestamptz
          from candidate
          on conflict do nothing
          returning user_id
        )
        select candidate.* from candidate inner join recorded using (user_id)`,
      );
      for (const recipient of recipients) {
        await keepMail(tx, jobs, sending, recipient.email, messageOf(recipient));
      }
      return recipients.length;
    });
    if (batch > 0 && sending) jobs.wake();
    written += batch;
    // A batch another process took in part ends here; that process writes the rest.
    if (batch < MESSAGE_BATCH) return written;
  }
}

/** Whether the institution mails this kind of exam message. */
async function switchedOn(db: AppDatabase, kind: ExamMessageKind): Promise<boolean> {
  return Boolean((await readSettings(db)).settings[SWITCHES[kind]]);
}

/**
 * Queues, in the caller's transaction, the messages of an exam just published or of its results;
 * the job writes them (the publish call never waits for an audience of thousands), and wake the
 * runner once the transaction has committed.
 */
export async function queueExamMessages(
  tx: AppDatabase,
  jobs: JobRunner,
  examId: string,
  kind: PublishedKind,
): Promise<void> {
  await jobs.add(tx, EXAM_MESSAGES_JOB, { examId, kind });
}

/**
 * Writes an exam's scheduled or results messages, if the institution sends them and the exam is
 * still as published: an exam unpublished, or closed, before the job ran tells nobody it is
 * scheduled. Retried safely: the records skip whoever was written to.
 */
export function examMessagesJob(
  mail: MailSettings,
  now: () => Date,
): JobKind<{
  examId: string;
  kind: PublishedKind;
}> {
  return {
    name: EXAM_MESSAGES_JOB,
    attempts: 3,
    concurrency: 1,
    async run({ examId, kind }, { db, jobs }) {
      if (!(await switchedOn(db, kind))) return;
      const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
      if (exam?.status !== 'PUBLISH') return;
      if (kind === 'results-published' && exam.resultsPublishedAt === null) return;
      if (kind === 'exam-scheduled' && sittingWindow(scheduleDetailsOf(exam)).endsAt <= now()) {
        return;
      }
      await writeExamMessages(db, jobs, mail, exam, kind, now());
    },
    async failed() {},
  };
}

/**
 * Writes the reminders due at `now`: a day before a published exam's window opens (until an hour
 * before), and an hour before (until it opens), to its students who have not turned reminders
 * off. Safe side by side with another process's sweep.
 */
export async function sweepReminders(
  db: AppDatabase,
  jobs: JobRunner,
  mail: MailSettings,
  now: Date,
): Promise<number> {
  if (!(await switchedOn(db, 'exam-reminder-day'))) return 0;
  const opening = await db
    .select()
    .from(exams)
    .where(
      sql`${exams.status} = 'PUBLISH' and ${exams.resultsPublishedAt} is null
        and ${exams.windowStart} > ${wallClockMinute(now)}::timestamp
        and ${exams.windowStart} <= ${wallClockMinute(new Date(now.getTime() + REMINDER_LEAD_MS['exam-reminder-day']))}::timestamp`,
    );
  let written = 0;
  for (const exam of opening) {
    const startsAt = sittingWindow(scheduleDetailsOf(exam)).startsAt;
    const kind: ReminderKind =
      startsAt.getTime() - now.getTime() <= REMINDER_LEAD_MS['exam-reminder-hour']
        ? 'exam-reminder-hour'
        : 'exam-reminder-day';
    written += await writeExamMessages(db, jobs, mail, exam, kind, now);
  }
  return written;
}

/** Sweeps for due reminders every minute until stopped. */
export function startReminderSweep(
  db: AppDatabase,
  jobs: JobRunner,
  mail: MailSettings,
  log: FastifyBaseLogger,
  now: () => Date,
): () => Promise<void> {
  return repeatEvery(
    REMINDER_SWEEP_MS,
    async () => {
      const written = await sweepReminders(db, jobs, mail, now());
      if (written > 0) log.info({ written }, 'Exam reminders written');
    },
    log,
    'The exam reminder sweep failed',
  );
}
