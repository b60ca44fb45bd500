import {
  type AlertType,
  PROCTOR_SIGNALS,
  PROCTORING_LIMITS,
  PROCTORING_MESSAGES,
  type ProctorEvent,
  type ProctoringThresholds,
  type ProctorSignal,
  proctorAlertMessage,
  type ReportEventsResult,
  type SystemCheck,
  systemCheckPassed,
} from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { examAttempts, proctorAlerts } from '../../db/schema';
import { ApiError } from '../../errors';
import { alertOf, monitorStudent } from './monitor';
import type { ProctoringNotifier } from './notifier';
import { type AttemptRow, ownProctoredAttempt, thresholdsOf } from './proctor-access';
import { endAttemptFor } from './proctor-actions';

/**
 * One statement per report, on the attempt's row lock: refused unless the attempt is in progress
 * and the report fits the attempt's events of the last minute; otherwise the events are appended
 * and the attempt's last activity and its count of each kind of event updated. The update reads
 * the newest row version, so reports of one attempt count in turn: the counts returned are this
 * report's own plus all before it.
 */
const reportStatement = preparedSql<{
  open: number;
  counts: Record<string, number> | null;
  flags: number;
  deadline_at: Date | null;
}>(
  'report_proctor_events',
  `
  with attempt as (
    select id, deadline_at from exam_attempts
    where id = $1 and student_user_id = $2 and status = 'IN_PROGRESS'
    for update
  ), recent as (
    select count(*)::int as n from proctor_events
    where attempt_id = $1 and received_at > $3::timestamptz - interval '1 minute'
  ), allowed as (
    select attempt.id from attempt, recent where recent.n + $5::int <= $6::int
  ), inserted as (
    insert into proctor_events (attempt_id, type, at, received_at, detail)
    select allowed.id, event.type, event.at, $3, event.detail
    from allowed cross join json_to_recordset($4::json) as event(type text, at timestamptz, detail jsonb)
    returning id
  ), touched as (
    update exam_attempts
    set last_seen_at = $3,
      event_counts = (
        select jsonb_object_agg(kind, coalesce((event_counts ->> kind)::int, 0)
          + coalesce(($7::jsonb ->> kind)::int, 0))
        from (select jsonb_object_keys(event_counts) union select jsonb_object_keys($7::jsonb))
          as kinds(kind))
    from allowed where exam_attempts.id = allowed.id
    returning exam_attempts.event_counts
  )
  select (select count(*)::int from attempt) as open, (select event_counts from touched) as counts,
    (select count(*)::int from proctor_alerts
      where attempt_id = $1 and type = 'error' and review_status <> 'DISMISSED') as flags,
    (select deadline_at from attempt) as deadline_at`,
);

/** The alert the n-th signal of its kind raises, if any; a failed system check flags at once. */
function alertTypeOf(
  signal: ProctorSignal,
  nth: number,
  thresholds: ProctoringThresholds,
): AlertType | null {
  if (signal === 'SYSTEM_CHECK_FAILED' || nth >= thresholds.flagAt) return 'error';
  return nth >= thresholds.warnAt ? 'warning' : null;
}

const isSignal = (type: string): type is ProctorSignal =>
  (PROCTOR_SIGNALS as readonly string[]).includes(type);

/**
 * Appends a proctored attempt's events (its heartbeat too) and raises the alerts the exam's
 * thresholds derive from them. Face signals arrive already held for the sustained window in the
 * browser, so each counts as it comes. An attempt over answers 409: the page stops reporting.
 */
export async function reportEvents(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  userId: string,
  attemptId: string,
  events: ProctorEvent[],
  now: Date,
): Promise<ReportEventsResult> {
  const { attempt, student, exam } = await ownProctoredAttempt(db, userId, attemptId);
  const reported = new Map<string, number>();
  for (const { type } of events) reported.set(type, (reported.get(type) ?? 0) + 1);
  const [result] = await reportStatement(db, [
    attemptId,
    userId,
    now,
    Buffer.from(JSON.stringify(events.map(({ type, at, detail }) => ({ type, at, detail })))),
    events.length,
    PROCTORING_LIMITS.eventsPerMinute,
    JSON.stringify(Object.fromEntries(reported)),
  ]);
  if (!result?.open) throw new ApiError(409, PROCTORING_MESSAGES.attemptOver);
  if (!result.counts) throw new ApiError(429, PROCTORING_MESSAGES.tooManyEvents);

  const thresholds = thresholdsOf(exam);
  // The counts before this report: the n-th event of a kind is numbered from them.
  const counts = new Map(
    Object.entries(result.counts).map(([type, total]) => [type, total - (reported.get(type) ?? 0)]),
  );
  const raised: (typeof proctorAlerts.$inferInsert)[] = [];
  for (const event of events) {
    if (!isSignal(event.type)) continue;
    const nth = (counts.get(event.type) ?? 0) + 1;
    counts.set(event.type, nth);
    const type = alertTypeOf(event.type, nth, thresholds);
    if (!type) continue;
    const at = new Date(Math.min(Date.parse(event.at), now.getTime()));
    raised.push({
      examId: exam.id,
      attemptId,
      signal: event.type,
      type,
      message: proctorAlertMessage(event.type, nth, event.detail?.note),
      at,
    });
  }
  const alerts =
    raised.length > 0
      ? (await db.insert(proctorAlerts).values(raised).returning()).map((alert) =>
          alertOf({
            alert,
            studentId: student.id,
            firstName: student.firstName,
            lastName: student.lastName,
          }),
        )
      : [];
  const deadlineAt = result.deadline_at ?? attempt.deadlineAt;
  const updated: AttemptRow = { ...attempt, lastSeenAt: now };
  const flags = result.flags + alerts.filter((alert) => alert.type === 'error').length;
  notifier.onProctoringChange(exam.id, {
    kind: 'student',
    student: monitorStudent(student, updated, await countsOf(db, attemptId), now),
  });
  if (alerts.length > 0) notifier.onProctoringChange(exam.id, { kind: 'alerts', alerts });
  if (
    thresholds.autoSubmitAfterFlags !== null &&
    flags >= thresholds.autoSubmitAfterFlags &&
    alerts.some((alert) => alert.type === 'error')
  ) {
    await endAttemptFor(
      db,
      notifier,
      null,
      { attempt, student, exam },
      autoSubmitReason(flags),
      now,
    );
  }
  return {
    accepted: events.length,
    alerts: alerts.length,
    remainingMs: Math.max(0, deadlineAt.getTime() - now.getTime()),
  };
}

const autoSubmitReason = (flags: number) =>
  `Submitted automatically after ${flags} flags, as this exam's proctoring settings ask`;

async function countsOf(db: AppDatabase, attemptId: string) {
  const [row] = await db
    .select({
      warnings:
        sql<number>`count(*) filter (where ${proctorAlerts.reviewStatus} <> 'DISMISSED')`.mapWith(
          Number,
        ),
      flags:
        sql<number>`count(*) filter (where ${proctorAlerts.type} = 'error' and ${proctorAlerts.reviewStatus} <> 'DISMISSED')`.mapWith(
          Number,
        ),
    })
    .from(proctorAlerts)
    .where(eq(proctorAlerts.attemptId, attemptId));
  return row ?? { warnings: 0, flags: 0 };
}

/**
 * Stores the lobby's system check sent with a proctored exam's start (or resume). A start
 * without a passed check is never refused, but it is flagged for the proctor at once.
 */
export async function recordSystemCheck(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  userId: string,
  attemptId: string,
  check: SystemCheck | undefined,
  now: Date,
): Promise<void> {
  if (check) {
    await db
      .update(examAttempts)
      .set({ systemCheck: check })
      .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.status, 'IN_PROGRESS')));
  }
  if (systemCheckPassed(check)) return;
  const failed = check
    ? Object.entries(check)
        .filter(([, passed]) => !passed)
        .map(([part]) => part)
        .join(', ')
    : 'no check was sent';
  await reportEvents(
    db,
    notifier,
    userId,
    attemptId,
    [{ type: 'SYSTEM_CHECK_FAILED', at: now.toISOString(), detail: { note: failed } }],
    now,
  );
}
