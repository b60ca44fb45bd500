import {
  PROCTORING_MESSAGES,
  type ProctorMessage,
  type ProctorMessagePayload,
  STUDENT_MESSAGE_LIMITS,
} from '@examiq/contracts';
import { and, asc, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { examAttempts, examTargetSections, proctorMessages, students } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { messageById, messageOf, messagesQuery } from './monitor-messages';
import type { ProctoringNotifier } from './notifier';
import { notFound, ownProctoredAttempt, type Proctor, proctoredExam } from './proctor-access';

export async function insertMessage(
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
