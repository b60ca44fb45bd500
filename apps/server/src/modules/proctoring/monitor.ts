import {
  audienceSectionLabel,
  type ConnectionQuality,
  type MonitorData,
  type MonitorMessagesData,
  type MonitorMessagesQuery,
  type MonitorStudent,
  PROCTORED_EXAMS_AHEAD_HOURS,
  PROCTORING_LIMITS,
  PROCTORING_MESSAGES,
  type ProctorAlert,
  type ProctoredExamNow,
  type ProctorMessage,
} from '@examiq/contracts';
import {
  and,
  asc,
  desc,
  eq,
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
import {
  examAttempts,
  exams,
  examTargetSections,
  faculty,
  proctorAlerts,
  proctorMessages,
  students,
  users,
} from '../../db/schema';
import { wallClockMinute } from '../../wall-clock';
import { sittingWindow } from '../attempts/exam-window';
import { scheduleDetailsOf } from '../exams/exams.service';
import type { ProctoringNotifier } from './notifier';
import {
  type AttemptRow,
  type ExamRow,
  fullName,
  notFound,
  type Proctor,
  proctoredExam,
  type StudentRow,
  studentWithSection,
  thresholdsOf,
} from './proctor-access';

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

export function monitorStudent(
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

export function alertOf(row: {
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

export function alertsQuery(db: AppDatabase) {
  return db
    .select(alertColumns)
    .from(proctorAlerts)
    .innerJoin(examAttempts, eq(examAttempts.id, proctorAlerts.attemptId))
    .innerJoin(students, eq(students.userId, examAttempts.studentUserId));
}

/** Who wrote a message or acted, by name: a faculty member, a student, an admin or the exam itself. */
export const actorName = (userId: AnyPgColumn) => sql<string>`coalesce(
  (select ${faculty.firstName} || ' ' || ${faculty.lastName} from ${faculty} where ${faculty.userId} = ${userId}),
  (select sender.first_name || ' ' || sender.last_name from ${students} as sender where sender.user_id = ${userId}),
  case when ${userId} is null then 'Automatic' else 'Administrator' end)`;

export function messagesQuery(db: AppDatabase) {
  return db
    .select({
      message: proctorMessages,
      studentId: students.id,
      senderName: actorName(proctorMessages.senderUserId),
    })
    .from(proctorMessages)
    .leftJoin(students, eq(students.userId, proctorMessages.studentUserId));
}

export function messageOf(row: {
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

export async function messageById(db: AppDatabase, id: string): Promise<ProctorMessage> {
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

/** The joins of a target section's students: in the section, and their attempt at the exam. */
const inTargetSection = eq(students.sectionId, examTargetSections.sectionId);
const attemptAtTheExam = and(
  eq(examAttempts.examId, examTargetSections.examId),
  eq(examAttempts.studentUserId, students.userId),
);

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
      .innerJoin(students, inTargetSection)
      .leftJoin(examAttempts, attemptAtTheExam)
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
      .innerJoin(students, inTargetSection)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(examAttempts, attemptAtTheExam)
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
    });
  }
}
