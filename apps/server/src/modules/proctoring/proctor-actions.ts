import {
  type EndAttemptPayload,
  type GrantExtraTimePayload,
  PROCTORING_MESSAGES,
  type ProctorAlert,
  type ProctorMessage,
  type ReviewAlertPayload,
  type WarnStudentPayload,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { exams, proctorActions, proctorAlerts, students } from '../../db/schema';
import { ApiError } from '../../errors';
import { grantExtraTime } from '../attempts/sittings.service';
import { finaliseAttempt } from '../attempts/submit-exam';
import { recordAudit } from '../audit/audit';
import { insertMessage } from './chat';
import { alertOf, alertsQuery } from './monitor';
import { messageById } from './monitor-messages';
import type { ProctoringNotifier } from './notifier';
import {
  type AttemptRow,
  type ExamRow,
  notFound,
  type Proctor,
  proctoredAttempt,
  proctoredExam,
  type StudentRow,
  studentLabel,
} from './proctor-access';

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
export async function endAttemptFor(
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
