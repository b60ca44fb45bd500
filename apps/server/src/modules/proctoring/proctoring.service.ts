import {
  type AlertType,
  type AttemptTimeline,
  audienceSectionLabel,
  type ConnectionQuality,
  DEFAULT_PROCTORING_THRESHOLDS,
  type EndAttemptPayload,
  type GrantExtraTimePayload,
  type MonitorData,
  type MonitorMessagesData,
  type MonitorMessagesQuery,
  type MonitorStudent,
  PROCTOR_SIGNALS,
  PROCTORED_EXAMS_AHEAD_HOURS,
  PROCTORING_LIMITS,
  PROCTORING_MESSAGES,
  type ProctorAlert,
  type ProctorEvent,
  type ProctoredExamNow,
  type ProctoringThresholds,
  type ProctorMessage,
  type ProctorMessagePayload,
  type ProctorSignal,
  proctorAlertMessage,
  type ReportEventsResult,
  type ReviewAlertPayload,
  STUDENT_MESSAGE_LIMITS,
  type SystemCheck,
  systemCheckPassed,
  type WarnStudentPayload,
} from '@examiq/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import {
  branches,
  examAttempts,
  examFaculty,
  exams,
  examTargetSections,
  faculty,
  proctorActions,
  proctorAlerts,
  proctorEvents,
  proctorMessages,
  sections,
  students,
  users,
} from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { wallClockMinute } from '../../wall-clock';
import { sittingWindow } from '../attempts/exam-window';
import { grantExtraTime } from '../attempts/sittings.service';
import { finaliseAttempt } from '../attempts/submit-exam';
import { recordAudit } from '../audit/audit';
import { scheduleDetailsOf } from '../exams/exams.service';
import type { ProctoringNotifier } from './notifier';

/** Who is acting on a proctored exam: its assigned faculty, or any admin. */
export interface Proctor {
  userId: string;
  role: 'admin' | 'faculty';
}

type ExamRow = typeof exams.$inferSelect;
type AttemptRow = typeof examAttempts.$inferSelect;

/** A student's row with their section's name and branch code: several branches may sit an exam. */
const studentWithSection = {
  ...getTableColumns(students),
  sectionName: sql<string>`(select ${sections.name} from ${sections} where ${sections.id} = ${students.sectionId})`,
  branchCode: sql<string>`(select ${branches.code} from ${sections} inner join ${branches} on ${branches.id} = ${sections.branchId} where ${sections.id} = ${students.sectionId})`,
};
type StudentRow = typeof students.$inferSelect & { sectionName: string; branchCode: string };

const notFound = (message: string) => new ApiError(404, message);
const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
const studentLabel = (student: typeof students.$inferSelect) =>
  `${fullName(student)} (${student.studentId})`;

export const thresholdsOf = (exam: ExamRow): ProctoringThresholds =>
  exam.proctoringThresholds ?? DEFAULT_PROCTORING_THRESHOLDS;

// --- Who may act on what --------------------------------------------------------------------------

/** A PROCTORING exam the proctor may watch: unknown 404, not theirs 403, not proctored 409. */
async function proctoredExam(db: AppDatabase, proctor: Proctor, examId: string) {
  const [row] = await db
    .select({ exam: exams, assignedTo: examFaculty.facultyUserId })
    .from(exams)
    .leftJoin(
      examFaculty,
      and(eq(examFaculty.examId, exams.id), eq(examFaculty.facultyUserId, proctor.userId)),
    )
    .where(eq(exams.id, examId));
  if (!row) throw notFound(PROCTORING_MESSAGES.examNotFound);
  if (proctor.role === 'faculty' && !row.assignedTo)
    throw new ApiError(403, PROCTORING_MESSAGES.notAssigned);
  if (row.exam.mode !== 'PROCTORING') throw new ApiError(409, PROCTORING_MESSAGES.notProctored);
  return row.exam;
}

async function attemptWithStudent(db: AppDatabase, attemptId: string) {
  const [row] = await db
    .select({ attempt: examAttempts, student: studentWithSection })
    .from(examAttempts)
    .innerJoin(students, eq(students.userId, examAttempts.studentUserId))
    .where(eq(examAttempts.id, attemptId));
  return row;
}

/** An attempt of an exam the proctor may act on. */
async function proctoredAttempt(db: AppDatabase, proctor: Proctor, attemptId: string) {
  const row = await attemptWithStudent(db, attemptId);
  if (!row) throw notFound(PROCTORING_MESSAGES.attemptNotFound);
  const exam = await proctoredExam(db, proctor, row.attempt.examId);
  return { ...row, exam };
}

/** The student's own attempt of a PROCTORING exam; anyone else's is as unknown as a made-up id. */
async function ownProctoredAttempt(db: AppDatabase, userId: string, attemptId: string) {
  const [row] = await db
    .select({ attempt: examAttempts, student: studentWithSection, exam: exams })
    .from(examAttempts)
    .innerJoin(students, eq(students.userId, examAttempts.studentUserId))
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(eq(examAttempts.id, attemptId));
  if (!row || row.attempt.studentUserId !== userId)
    throw notFound(PROCTORING_MESSAGES.attemptNotFound);
  if (row.exam.mode !== 'PROCTORING') throw new ApiError(409, PROCTORING_MESSAGES.notProctored);
  return row;
}

// --- What the monitor shows -----------------------------------------------------------------------

export function connectionOf(
  attempt: Pick<AttemptRow, 'status' | 'lastSeenAt' | 'lastRttMs'> | null,
  now: Date,
): ConnectionQuality {
  if (attempt?.status !== 'IN_PROGRESS' || !attempt.lastSeenAt) return 'disconnected';
  if (now.getTime() - attempt.lastSeenAt.getTime() > PROCTORING_LIMITS.disconnectedAfterMs)
    return 'disconnected';
  // Heard from lately but no round trip measured yet: connected, quality unknown.
  const rtt = attempt.lastRttMs;
  if (rtt === null) return 'good';
  if (rtt <= PROCTORING_LIMITS.excellentRttMs) return 'excellent';
  return rtt <= PROCTORING_LIMITS.goodRttMs ? 'good' : 'poor';
}

function monitorStudent(
  student: StudentRow,
  attempt: AttemptRow | null,
  counts: { warnings: number; flags: number },
  now: Date,
): MonitorStudent {
  const connection = connectionOf(attempt, now);
  const live = connection !== 'disconnected';
  const status = !attempt
    ? 'NOT_STARTED'
    : attempt.status === 'IN_PROGRESS'
      ? 'IN_PROGRESS'
      : attempt.submitTrigger === 'DEADLINE'
        ? 'SUBMITTED_BY_DEADLINE'
        : 'SUBMITTED';
  return {
    studentId: student.id,
    userId: student.userId,
    name: fullName(student),
    rollNumber: student.rollNumber,
    section: audienceSectionLabel({ branchCode: student.branchCode, name: student.sectionName }),
    attemptId: attempt?.id ?? null,
    status,
    connection,
    rttMs: attempt?.lastRttMs ?? null,
    lastActivityAt: attempt?.lastSeenAt?.toISOString() ?? null,
    remainingMs:
      attempt?.status === 'IN_PROGRESS'
        ? Math.max(0, attempt.deadlineAt.getTime() - now.getTime())
        : 0,
    systemCheck: attempt?.systemCheck ?? null,
    video: live && attempt?.systemCheck?.camera === true,
    audio: live && attempt?.systemCheck?.microphone === true,
    ...counts,
  };
}

/** Written for a query that joins: its columns are named with their tables. */
const alertCounts = (attemptId: typeof examAttempts.id) => ({
  warnings:
    sql<number>`(select count(*) from ${proctorAlerts} where ${proctorAlerts.attemptId} = ${attemptId} and ${proctorAlerts.reviewStatus} <> 'DISMISSED')`.mapWith(
      Number,
    ),
  flags:
    sql<number>`(select count(*) from ${proctorAlerts} where ${proctorAlerts.attemptId} = ${attemptId} and ${proctorAlerts.type} = 'error' and ${proctorAlerts.reviewStatus} <> 'DISMISSED')`.mapWith(
      Number,
    ),
});

const alertColumns = {
  alert: proctorAlerts,
  studentId: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
};

function alertOf(row: {
  alert: typeof proctorAlerts.$inferSelect;
  studentId: string;
  firstName: string;
  lastName: string;
}): ProctorAlert {
  const { alert } = row;
  return {
    _id: alert.id,
    examId: alert.examId,
    attemptId: alert.attemptId,
    studentId: row.studentId,
    studentName: fullName(row),
    type: alert.type,
    signal: alert.signal,
    message: alert.message,
    at: alert.at.toISOString(),
    reviewStatus: alert.reviewStatus,
    reviewedBy: alert.reviewedBy,
    reviewedAt: alert.reviewedAt?.toISOString() ?? null,
  };
}

function alertsQuery(db: AppDatabase) {
  return db
    .select(alertColumns)
    .from(proctorAlerts)
    .innerJoin(examAttempts, eq(examAttempts.id, proctorAlerts.attemptId))
    .innerJoin(students, eq(students.userId, examAttempts.studentUserId));
}

/** Who wrote a message or acted, by name: a faculty member, a student, an admin or the exam itself. */
const actorName = (userId: AnyPgColumn) => sql<string>`coalesce(
  (select ${faculty.firstName} || ' ' || ${faculty.lastName} from ${faculty} where ${faculty.userId} = ${userId}),
  (select sender.first_name || ' ' || sender.last_name from ${students} as sender where sender.user_id = ${userId}),
  case when ${userId} is null then 'Automatic' else 'Administrator' end)`;

function messagesQuery(db: AppDatabase) {
  return db
    .select({
      message: proctorMessages,
      studentId: students.id,
      senderName: actorName(proctorMessages.senderUserId),
    })
    .from(proctorMessages)
    .leftJoin(students, eq(students.userId, proctorMessages.studentUserId));
}

function messageOf(row: {
  message: typeof proctorMessages.$inferSelect;
  studentId: string | null;
  senderName: string;
}): ProctorMessage {
  return {
    _id: row.message.id,
    examId: row.message.examId,
    studentId: row.studentId,
    kind: row.message.kind,
    from: row.message.sender,
    senderName: row.senderName,
    text: row.message.text,
    at: row.message.at.toISOString(),
  };
}

async function messageById(db: AppDatabase, id: string): Promise<ProctorMessage> {
  const [row] = await messagesQuery(db).where(eq(proctorMessages.id, id));
  return messageOf(row as Parameters<typeof messageOf>[0]);
}

/**
 * The ids of the newest messages of each of the exam's conversations: each student's (its own and
 * the proctors' to it) and the one written to all (no student), which the window's partition by
 * student keeps together.
 */
function newestOfEachConversation(db: AppDatabase, examId: string) {
  const ranked = db
    .select({
      id: proctorMessages.id,
      rank: sql<number>`row_number() over (partition by ${proctorMessages.studentUserId} order by ${proctorMessages.at} desc, ${proctorMessages.seq} desc)`.as(
        'rank',
      ),
    })
    .from(proctorMessages)
    .where(eq(proctorMessages.examId, examId))
    .as('ranked');
  return db
    .select({ id: ranked.id })
    .from(ranked)
    .where(lte(ranked.rank, PROCTORING_LIMITS.monitorMessagesPerConversation));
}

/**
 * One page of a conversation of the exam's chat, oldest first: a student's (by its record's id),
 * or without one the messages written to all; the page just older than `before`, or the newest.
 */
export async function monitorMessages(
  db: AppDatabase,
  proctor: Proctor,
  examId: string,
  { studentId, before, limit }: MonitorMessagesQuery,
): Promise<MonitorMessagesData> {
  const exam = await proctoredExam(db, proctor, examId);
  let conversation: SQL = isNull(proctorMessages.studentUserId);
  if (studentId) {
    const [student] = await db
      .select({ userId: students.userId })
      .from(students)
      .where(eq(students.id, studentId));
    if (!student) throw notFound(PROCTORING_MESSAGES.studentNotFound);
    conversation = eq(proctorMessages.studentUserId, student.userId);
  }
  const inConversation = and(eq(proctorMessages.examId, exam.id), conversation);
  let older: SQL | undefined;
  if (before) {
    const [cursor] = await db
      .select({ at: proctorMessages.at, seq: proctorMessages.seq })
      .from(proctorMessages)
      .where(and(inConversation, eq(proctorMessages.id, before)));
    if (!cursor) throw notFound(PROCTORING_MESSAGES.messageNotFound);
    older = sql`(${proctorMessages.at}, ${proctorMessages.seq}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.seq})`;
  }
  // One more than the page: whether there is an older page is known without counting.
  const rows = await messagesQuery(db)
    .where(and(inConversation, older))
    .orderBy(desc(proctorMessages.at), desc(proctorMessages.seq))
    .limit(limit + 1);
  return {
    messages: rows.slice(0, limit).reverse().map(messageOf),
    hasMore: rows.length > limit,
  };
}

/**
 * A student of the audience the monitor shows: one whose account can sign in, or one who has an
 * attempt (sat before the account was deactivated). A deactivated student who never started
 * cannot sit the exam, and would only stand on the monitor as a sitting that never comes.
 * Reads `users` and `exam_attempts`, which the query must join.
 */
const canSitOrSat = or(eq(users.isActive, true), isNotNull(examAttempts.id));

/** How long until the exam's window opens (0 once it has) and until it ends. */
function windowCountdowns(exam: ExamRow, now: Date) {
  const window = sittingWindow(scheduleDetailsOf(exam));
  return {
    startsInMs: Math.max(0, window.startsAt.getTime() - now.getTime()),
    remainingMs: Math.max(0, window.endsAt.getTime() - now.getTime()),
  };
}

/** The monitor's read: the exam's students with their connection, its alerts and its chat. */
export async function getMonitor(
  db: AppDatabase,
  proctor: Proctor,
  examId: string,
  now: Date,
): Promise<MonitorData> {
  const exam = await proctoredExam(db, proctor, examId);
  const [rows, alerts, messages, [active]] = await Promise.all([
    db
      .select({
        student: studentWithSection,
        attempt: examAttempts,
        ...alertCounts(examAttempts.id),
      })
      .from(examTargetSections)
      .innerJoin(students, eq(students.sectionId, examTargetSections.sectionId))
      .leftJoin(
        examAttempts,
        and(
          eq(examAttempts.examId, examTargetSections.examId),
          eq(examAttempts.studentUserId, students.userId),
        ),
      )
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(eq(examTargetSections.examId, examId), canSitOrSat))
      .orderBy(asc(students.rollNumber), asc(students.id)),
    alertsQuery(db)
      .where(eq(proctorAlerts.examId, examId))
      .orderBy(desc(proctorAlerts.at), desc(proctorAlerts.seq))
      .limit(PROCTORING_LIMITS.monitorAlerts),
    messagesQuery(db)
      .where(inArray(proctorMessages.id, newestOfEachConversation(db, examId)))
      .orderBy(desc(proctorMessages.at), desc(proctorMessages.seq)),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(proctorAlerts)
      .where(and(eq(proctorAlerts.examId, examId), eq(proctorAlerts.reviewStatus, 'PENDING'))),
  ]);
  return {
    exam: { _id: exam.id, title: exam.title, ...windowCountdowns(exam, now) },
    totalStudents: rows.length,
    activeAlerts: active?.count ?? 0,
    students: rows.map(({ student, attempt, warnings, flags }) =>
      monitorStudent(
        student,
        attempt,
        attempt ? { warnings, flags } : { warnings: 0, flags: 0 },
        now,
      ),
    ),
    alerts: alerts.map(alertOf),
    messages: messages.reverse().map(messageOf),
    thresholds: thresholdsOf(exam),
    serverNow: now.toISOString(),
  };
}

/**
 * The published proctored exams open at `now` or opening within `PROCTORED_EXAMS_AHEAD_HOURS`,
 * soonest first, each with how many students its monitor shows and how many are sitting it.
 */
export async function proctoredExamsNow(db: AppDatabase, now: Date): Promise<ProctoredExamNow[]> {
  const ahead = new Date(now.getTime() + PROCTORED_EXAMS_AHEAD_HOURS * 3_600_000);
  const rows = await db
    .select()
    .from(exams)
    .where(
      and(
        sql`${exams.status} = 'PUBLISH'`,
        eq(exams.mode, 'PROCTORING'),
        sql`${exams.windowEnd} > ${wallClockMinute(now)}::timestamp`,
        sql`${exams.windowStart} <= ${wallClockMinute(ahead)}::timestamp`,
      ),
    )
    .orderBy(asc(exams.windowStart), asc(exams.examId));
  if (rows.length === 0) return [];
  const examIds = rows.map((exam) => exam.id);
  const count = sql<number>`count(*)`.mapWith(Number);
  const [audiences, sittings] = await Promise.all([
    db
      .select({ examId: examTargetSections.examId, count })
      .from(examTargetSections)
      .innerJoin(students, eq(students.sectionId, examTargetSections.sectionId))
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(
        examAttempts,
        and(
          eq(examAttempts.examId, examTargetSections.examId),
          eq(examAttempts.studentUserId, students.userId),
        ),
      )
      .where(and(inArray(examTargetSections.examId, examIds), canSitOrSat))
      .groupBy(examTargetSections.examId),
    db
      .select({ examId: examAttempts.examId, count })
      .from(examAttempts)
      .where(and(inArray(examAttempts.examId, examIds), eq(examAttempts.status, 'IN_PROGRESS')))
      .groupBy(examAttempts.examId),
  ]);
  const countOf = (counts: { examId: string; count: number }[], examId: string) =>
    counts.find((row) => row.examId === examId)?.count ?? 0;
  return rows.map((exam) => ({
    _id: exam.id,
    examId: exam.examId,
    examTitle: exam.title,
    subject: exam.subject,
    scheduleDetails: scheduleDetailsOf(exam),
    ...windowCountdowns(exam, now),
    totalStudents: countOf(audiences, exam.id),
    sitting: countOf(sittings, exam.id),
  }));
}

/**
 * Shows the monitors attempts of proctored exams just submitted by their students or at their
 * deadline (a proctor's ending announces itself).
 */
export async function announceSubmitted(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  attemptIds: readonly string[],
  now: Date,
): Promise<void> {
  const rows = await db
    .select({ student: studentWithSection, attempt: examAttempts, ...alertCounts(examAttempts.id) })
    .from(examAttempts)
    .innerJoin(students, eq(students.userId, examAttempts.studentUserId))
    .where(inArray(examAttempts.id, [...attemptIds]));
  for (const { student, attempt, warnings, flags } of rows) {
    notifier.onProctoringChange(attempt.examId, {
      kind: 'student',
      student: monitorStudent(student, attempt, { warnings, flags }, now),
      events: [],
    });
  }
}

// --- Signals from the student's browser -------------------------------------------------------

/**
 * One statement per report, on the attempt's row lock: refused unless the attempt is in progress
 * and the report fits the attempt's events of the last minute; otherwise the events are appended
 * and the attempt's last activity (and round trip, from a heartbeat) and its count of each kind
 * of event updated. The update reads the newest row version, so reports of one attempt count in
 * turn: the counts returned are this report's own plus all before it.
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
    set last_seen_at = $3, last_rtt_ms = coalesce($7::int, last_rtt_ms),
      event_counts = (
        select jsonb_object_agg(kind, coalesce((event_counts ->> kind)::int, 0)
          + coalesce(($8::jsonb ->> kind)::int, 0))
        from (select jsonb_object_keys(event_counts) union select jsonb_object_keys($8::jsonb))
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
  const rtt = events.findLast((event) => event.detail?.rttMs !== undefined)?.detail?.rttMs;
  const reported = new Map<string, number>();
  for (const { type } of events) reported.set(type, (reported.get(type) ?? 0) + 1);
  const [result] = await reportStatement(db, [
    attemptId,
    userId,
    now,
    Buffer.from(JSON.stringify(events.map(({ type, at, detail }) => ({ type, at, detail })))),
    events.length,
    PROCTORING_LIMITS.eventsPerMinute,
    rtt ?? null,
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
  const updated: AttemptRow = { ...attempt, lastSeenAt: now, lastRttMs: rtt ?? attempt.lastRttMs };
  const flags = result.flags + alerts.filter((alert) => alert.type === 'error').length;
  notifier.onProctoringChange(exam.id, {
    kind: 'student',
    student: monitorStudent(student, updated, await countsOf(db, attemptId), now),
    events,
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

// --- Chat -------------------------------------------------------------------------------------

async function insertMessage(
  db: Pick<AppDatabase, 'insert'>,
  values: typeof proctorMessages.$inferInsert,
) {
  const [row] = await db
    .insert(proctorMessages)
    .values(values)
    .returning({ id: proctorMessages.id });
  return (row as { id: string }).id;
}

/** A proctor writes to one student of the exam, or (no student) to all of them. */
export async function sendProctorMessage(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  proctor: Proctor,
  { examId, studentId, text }: ProctorMessagePayload,
  now: Date,
): Promise<ProctorMessage> {
  const exam = await proctoredExam(db, proctor, examId);
  let recipientUserId: string | null = null;
  if (studentId) {
    const [target] = await db
      .select({ userId: students.userId, targetedBy: examTargetSections.examId })
      .from(students)
      .leftJoin(
        examTargetSections,
        and(
          eq(examTargetSections.examId, exam.id),
          eq(examTargetSections.sectionId, students.sectionId),
        ),
      )
      .where(eq(students.id, studentId));
    if (!target) throw notFound(PROCTORING_MESSAGES.studentNotFound);
    if (!target.targetedBy)
      throw new FieldErrors({ studentId: PROCTORING_MESSAGES.studentNotInAudience });
    recipientUserId = target.userId;
  }
  const id = await insertMessage(db, {
    examId: exam.id,
    studentUserId: recipientUserId,
    kind: 'CHAT',
    sender: 'PROCTOR',
    senderUserId: proctor.userId,
    text,
    at: now,
  });
  const message = await messageById(db, id);
  notifier.onProctoringChange(exam.id, { kind: 'message', message, recipientUserId });
  return message;
}

/** The messages a student sees during the attempt: to them, to everyone, and their own. */
export async function studentMessages(db: AppDatabase, userId: string, attemptId: string) {
  const { exam } = await ownProctoredAttempt(db, userId, attemptId);
  const rows = await messagesQuery(db)
    .where(
      and(
        eq(proctorMessages.examId, exam.id),
        or(eq(proctorMessages.studentUserId, userId), isNull(proctorMessages.studentUserId)),
      ),
    )
    .orderBy(asc(proctorMessages.at), asc(proctorMessages.seq));
  return { messages: rows.map(messageOf) };
}

/** A student answers the proctors, while the attempt is in progress. */
export async function sendStudentMessage(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  userId: string,
  attemptId: string,
  text: string,
  now: Date,
): Promise<ProctorMessage> {
  const { attempt, exam } = await ownProctoredAttempt(db, userId, attemptId);
  if (attempt.status !== 'IN_PROGRESS')
    throw new ApiError(409, PROCTORING_MESSAGES.alreadySubmitted);
  const id = await db.transaction(async (tx) => {
    // On the attempt's row lock, so messages sent at once are counted in turn, whichever
    // process takes them.
    await tx
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(eq(examAttempts.id, attempt.id))
      .for('update');
    const widest = Math.max(...STUDENT_MESSAGE_LIMITS.map((limit) => limit.windowMs));
    const recent = await tx
      .select({ at: proctorMessages.at })
      .from(proctorMessages)
      .where(
        and(
          eq(proctorMessages.examId, exam.id),
          eq(proctorMessages.studentUserId, userId),
          eq(proctorMessages.sender, 'STUDENT'),
          gt(proctorMessages.at, new Date(now.getTime() - widest)),
        ),
      )
      .orderBy(desc(proctorMessages.at))
      .limit(Math.max(...STUDENT_MESSAGE_LIMITS.map((limit) => limit.max)));
    for (const { max, windowMs } of STUDENT_MESSAGE_LIMITS) {
      // The message whose leaving the window makes room for one more.
      const leaving = recent[max - 1];
      if (!leaving || leaving.at.getTime() <= now.getTime() - windowMs) continue;
      const waitSeconds = Math.max(
        1,
        Math.ceil((leaving.at.getTime() + windowMs - now.getTime()) / 1000),
      );
      throw new ApiError(429, PROCTORING_MESSAGES.tooManyMessages(waitSeconds), {
        'retry-after': String(waitSeconds),
      });
    }
    return insertMessage(tx, {
      examId: exam.id,
      studentUserId: userId,
      kind: 'CHAT',
      sender: 'STUDENT',
      senderUserId: userId,
      text,
      at: now,
    });
  });
  const message = await messageById(db, id);
  // The student's own other tabs show it too.
  notifier.onProctoringChange(exam.id, { kind: 'message', message, recipientUserId: userId });
  return message;
}

// --- Proctor actions ----------------------------------------------------------------------------

/** A warning shown on the student's screen, kept with the chat, recorded as an action. */
export async function warnStudent(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  proctor: Proctor,
  { attemptId, text }: WarnStudentPayload,
  now: Date,
): Promise<ProctorMessage> {
  const { attempt, student, exam } = await proctoredAttempt(db, proctor, attemptId);
  if (attempt.status !== 'IN_PROGRESS')
    throw new ApiError(409, PROCTORING_MESSAGES.alreadySubmitted);
  const id = await db.transaction(async (tx) => {
    const messageId = await insertMessage(tx, {
      examId: exam.id,
      studentUserId: student.userId,
      kind: 'WARNING',
      sender: 'PROCTOR',
      senderUserId: proctor.userId,
      text,
      at: now,
    });
    await tx.insert(proctorActions).values({
      examId: exam.id,
      attemptId,
      studentUserId: student.userId,
      type: 'WARN',
      actorUserId: proctor.userId,
      detail: { text },
      at: now,
    });
    await recordAudit(
      tx,
      proctor.userId,
      {
        action: 'exam.warn-student',
        recordType: 'exam',
        recordId: exam.id,
        recordLabel: exam.title,
        summary: `Warned ${studentLabel(student)}`,
        changes: { student: student.studentId, text },
      },
      now,
    );
    return messageId;
  });
  const message = await messageById(db, id);
  notifier.onProctoringChange(exam.id, {
    kind: 'message',
    message,
    recipientUserId: student.userId,
  });
  return message;
}

/** Extra time from the monitor, through the same grant (and record) as the sittings page. */
export async function grantProctorExtraTime(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  proctor: Proctor,
  payload: GrantExtraTimePayload,
  now: Date,
) {
  await proctoredExam(db, proctor, payload.examId);
  const granted = await grantExtraTime(db, payload, proctor.userId, now);
  await announceExtraTime(db, notifier, payload, granted, now);
  return granted;
}

/**
 * Tells the monitor and the student that a proctored sitting's deadline moved, wherever the
 * extra time was granted (the monitor, or the admin's sittings page).
 */
export async function announceExtraTime(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  payload: GrantExtraTimePayload,
  granted: Awaited<ReturnType<typeof grantExtraTime>>,
  now: Date,
) {
  if (!granted.attempt) return;
  const [row] = await db
    .select({ userId: students.userId, mode: exams.mode })
    .from(students)
    .innerJoin(exams, eq(exams.id, payload.examId))
    .where(eq(students.id, payload.studentId));
  if (row?.mode !== 'PROCTORING') return;
  notifier.onProctoringChange(payload.examId, {
    kind: 'deadline',
    attemptId: granted.attempt._id,
    deadlineAt: granted.attempt.deadlineAt,
    remainingMs: Math.max(0, Date.parse(granted.attempt.deadlineAt) - now.getTime()),
    recipientUserId: row.userId,
  });
}

/**
 * Submits the attempt with what was saved, through the one finalisation the student's submit and
 * the deadline use, and records why and who (null: the exam's own automatic submission).
 */
async function endAttemptFor(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  actorUserId: string | null,
  { attempt, student, exam }: { attempt: AttemptRow; student: StudentRow; exam: ExamRow },
  reason: string,
  now: Date,
) {
  const done = await finaliseAttempt(db, attempt.id, student.userId, 'PROCTOR', now);
  if (!done) throw new ApiError(409, PROCTORING_MESSAGES.alreadySubmitted);
  await db.transaction(async (tx) => {
    await insertMessage(tx, {
      examId: exam.id,
      studentUserId: student.userId,
      kind: 'WARNING',
      sender: 'PROCTOR',
      senderUserId: actorUserId,
      text: `${PROCTORING_MESSAGES.endedByProctor}: ${reason}`,
      at: now,
    });
    await tx.insert(proctorActions).values({
      examId: exam.id,
      attemptId: attempt.id,
      studentUserId: student.userId,
      type: 'END_ATTEMPT',
      actorUserId,
      detail: { reason, submitTrigger: done.attempt.submitTrigger },
      at: now,
    });
    await recordAudit(
      tx,
      actorUserId,
      {
        action: 'exam.end-attempt',
        recordType: 'exam',
        recordId: exam.id,
        recordLabel: exam.title,
        summary: `Ended the attempt of ${studentLabel(student)}: ${reason}`,
        changes: { student: student.studentId, reason },
      },
      now,
    );
  });
  notifier.onProctoringChange(exam.id, {
    kind: 'attempt-ended',
    attemptId: attempt.id,
    reason,
    recipientUserId: student.userId,
  });
  return done;
}

export async function endAttempt(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  proctor: Proctor,
  { attemptId, reason }: EndAttemptPayload,
  now: Date,
) {
  const target = await proctoredAttempt(db, proctor, attemptId);
  const { attempt, answersSaved } = await endAttemptFor(
    db,
    notifier,
    proctor.userId,
    target,
    reason,
    now,
  );
  return { attempt, answersSaved };
}

/** Dismisses or confirms an alert (a later review replaces an earlier one), recorded as an action. */
export async function reviewAlert(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  proctor: Proctor,
  { alertId, status }: ReviewAlertPayload,
  now: Date,
): Promise<ProctorAlert> {
  const [found] = await alertsQuery(db).where(eq(proctorAlerts.id, alertId));
  if (!found) throw notFound(PROCTORING_MESSAGES.alertNotFound);
  const exam = await proctoredExam(db, proctor, found.alert.examId);
  const [student] = await db.select().from(students).where(eq(students.id, found.studentId));
  const reviewed = await db.transaction(async (tx) => {
    const [alert] = await tx
      .update(proctorAlerts)
      .set({ reviewStatus: status, reviewedBy: proctor.userId, reviewedAt: now })
      .where(eq(proctorAlerts.id, alertId))
      .returning();
    await tx.insert(proctorActions).values({
      examId: exam.id,
      attemptId: found.alert.attemptId,
      studentUserId: student?.userId ?? null,
      type: status === 'DISMISSED' ? 'DISMISS_ALERT' : 'CONFIRM_ALERT',
      actorUserId: proctor.userId,
      detail: { alertId, message: found.alert.message },
      at: now,
    });
    await recordAudit(
      tx,
      proctor.userId,
      {
        action: status === 'DISMISSED' ? 'exam.dismiss-alert' : 'exam.confirm-alert',
        recordType: 'exam',
        recordId: exam.id,
        recordLabel: exam.title,
        summary: `${status === 'DISMISSED' ? 'Dismissed' : 'Confirmed'} the alert "${found.alert.message}" about ${student ? studentLabel(student) : 'a student'}`,
        changes: { alertId, reviewStatus: status },
      },
      now,
    );
    return alertOf({ ...found, alert: alert as typeof proctorAlerts.$inferSelect });
  });
  notifier.onProctoringChange(exam.id, { kind: 'alert-reviewed', alert: reviewed });
  return reviewed;
}

// --- Review -------------------------------------------------------------------------------------

/** Everything about one attempt's proctoring, each list in time order. */
export async function attemptTimeline(
  db: AppDatabase,
  attemptId: string,
): Promise<AttemptTimeline> {
  const row = await attemptWithStudent(db, attemptId);
  if (!row) throw notFound(PROCTORING_MESSAGES.attemptNotFound);
  const [[exam], events, alerts, actions] = await Promise.all([
    db.select({ title: exams.title }).from(exams).where(eq(exams.id, row.attempt.examId)),
    db
      .select()
      .from(proctorEvents)
      .where(eq(proctorEvents.attemptId, attemptId))
      .orderBy(asc(proctorEvents.at), asc(proctorEvents.id)),
    alertsQuery(db)
      .where(eq(proctorAlerts.attemptId, attemptId))
      .orderBy(asc(proctorAlerts.at), asc(proctorAlerts.seq)),
    db
      .select({
        action: proctorActions,
        actorName: actorName(proctorActions.actorUserId),
      })
      .from(proctorActions)
      .where(eq(proctorActions.attemptId, attemptId))
      .orderBy(asc(proctorActions.at), asc(proctorActions.seq)),
  ]);
  return {
    attempt: {
      _id: row.attempt.id,
      examId: row.attempt.examId,
      studentId: row.student.id,
      status: row.attempt.status,
      systemCheck: row.attempt.systemCheck ?? null,
      examTitle: exam?.title ?? '',
      studentName: fullName(row.student),
      rollNumber: row.student.rollNumber,
      startedAt: row.attempt.startedAt.toISOString(),
      submittedAt: row.attempt.submittedAt?.toISOString() ?? null,
      submitTrigger: row.attempt.submitTrigger ?? null,
    },
    events: events.map((event) => ({
      _id: String(event.id),
      type: event.type,
      at: event.at.toISOString(),
      receivedAt: event.receivedAt.toISOString(),
      detail: event.detail ?? null,
    })),
    alerts: alerts.map(alertOf),
    actions: actions.map(({ action, actorName }) => ({
      _id: action.id,
      attemptId: action.attemptId,
      studentId: row.student.id,
      type: action.type,
      actorId: action.actorUserId,
      actorName,
      detail: action.detail,
      at: action.at.toISOString(),
    })),
  };
}
