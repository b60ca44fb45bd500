import {
  audienceSectionLabel,
  type ConnectionQuality,
  type MonitorData,
  type MonitorStudent,
  PROCTORED_EXAMS_AHEAD_HOURS,
  PROCTORING_LIMITS,
  type ProctorAlert,
  type ProctoredExamNow,
} from '@examiq/contracts';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import {
  examAttempts,
  exams,
  examTargetSections,
  proctorAlerts,
  proctorMessages,
  students,
  users,
} from '../../db/schema';
import { wallClockMinute } from '../../wall-clock';
import { sittingWindow } from '../attempts/exam-window';
import { scheduleDetailsOf } from '../exams/exam-header';
import { messageOf, messagesQuery, newestOfEachConversation } from './monitor-messages';
import type { ProctoringNotifier } from './notifier';
import {
  type AttemptRow,
  type ExamRow,
  fullName,
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
