// What every step of a sitting reads: an exam as its student may see it, an attempt as its own,
// and the clock's rules (the save grace, a section's deadline) they all apply.
import { ATTEMPT_LIMITS, ATTEMPT_MESSAGES } from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import {
  attemptAnswers,
  examAllowances,
  examAttempts,
  exams,
  examTargetSections,
  students,
} from '../../db/schema';
import { ApiError } from '../../errors';

export type AttemptRow = typeof examAttempts.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;

export const notFound = (message: string) => new ApiError(404, message);

/** Saves count until the deadline plus this grace, for requests already in flight. */
export const cutoffAt = (now: Date) => new Date(now.getTime() - ATTEMPT_LIMITS.saveGraceMs);

/** Whether the student (by account) is in one of the exam's target sections. */
const isTargeted = sql<boolean>`exists (select from ${students} inner join ${examTargetSections} on ${examTargetSections.sectionId} = ${students.sectionId} where ${students.userId} = ${sql.placeholder('userId')} and ${examTargetSections.examId} = ${exams.id})`;

/** An exam with whether the student is in its audience, their attempt and their extra time. */
const examForStudent = perDatabase((db) =>
  db
    .select({
      exam: exams,
      targeted: isTargeted,
      attempt: examAttempts,
      extraMinutes: examAllowances.extraMinutes,
    })
    .from(exams)
    .leftJoin(
      examAttempts,
      and(
        eq(examAttempts.examId, exams.id),
        eq(examAttempts.studentUserId, sql.placeholder('userId')),
      ),
    )
    .leftJoin(
      examAllowances,
      and(
        eq(examAllowances.examId, exams.id),
        eq(examAllowances.studentUserId, sql.placeholder('userId')),
      ),
    )
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('exam_for_student'),
);

/**
 * The exam as the student may see it: a draft, an unknown id and an exam of another section are
 * refused before anything of it is shown.
 */
export async function visibleExam(db: AppDatabase, userId: string, examId: string) {
  const [row] = await examForStudent(db).execute({ userId, examId });
  if (!row) throw notFound(ATTEMPT_MESSAGES.examNotFound);
  if (row.exam.status !== 'PUBLISH') throw notFound(ATTEMPT_MESSAGES.examNotFound);
  if (!row.targeted) throw new ApiError(403, ATTEMPT_MESSAGES.notYourSection);
  return row;
}

export const attemptById = perDatabase((db) =>
  db
    .select()
    .from(examAttempts)
    .where(eq(examAttempts.id, sql.placeholder('attemptId')))
    .prepare('attempt_by_id'),
);

/** The student's own attempt; anyone else's is as unknown as a made-up id. */
export async function ownAttempt(db: AppDatabase, userId: string, attemptId: string) {
  const [attempt] = await attemptById(db).execute({ attemptId });
  if (!attempt || attempt.studentUserId !== userId)
    throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
  return attempt;
}

export const savedAnswers = perDatabase((db) =>
  db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, sql.placeholder('attemptId')))
    .prepare('attempt_answers'),
);

export const examById = perDatabase((db) =>
  db
    .select()
    .from(exams)
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('exam_by_id'),
);

/** Which exam an attempt belongs to and whose it is: facts that never change, kept once read. */
const attemptOwners = perDatabase(() => new Map<string, AttemptOwner>());
const ATTEMPT_OWNERS_KEPT = 100_000;

type AttemptOwner = { examId: string; studentUserId: string };

/**
 * Keeps an attempt's owner as its start reads or creates it: the student's first save then needs
 * no read of its own, where 20,000 students starting within a minute would queue for the pool's
 * connections.
 */
export function rememberOwner(db: AppDatabase, attemptId: string, owner: AttemptOwner) {
  const owners = attemptOwners(db);
  if (owners.size >= ATTEMPT_OWNERS_KEPT) owners.clear();
  owners.set(attemptId, { examId: owner.examId, studentUserId: owner.studentUserId });
}

export async function ownerOf(db: AppDatabase, attemptId: string) {
  const known = attemptOwners(db).get(attemptId);
  if (known) return known;
  const [attempt] = await attemptById(db).execute({ attemptId });
  if (!attempt) return undefined;
  rememberOwner(db, attemptId, attempt);
  return attemptOwners(db).get(attemptId);
}

/**
 * A timed section's deadline: from when it was first opened, lengthened by the student's extra
 * time and never after the attempt's own. Null for an untimed section or one not opened yet.
 */
export function sectionDeadline(
  attempt: Pick<AttemptRow, 'sectionDeadlines' | 'deadlineAt' | 'baseDeadlineAt'>,
  sectionId: string,
): Date | null {
  const opened = attempt.sectionDeadlines[sectionId];
  if (!opened) return null;
  const extraMs = attempt.deadlineAt.getTime() - attempt.baseDeadlineAt.getTime();
  return new Date(Math.min(Date.parse(opened) + extraMs, attempt.deadlineAt.getTime()));
}

export function remainingMs(deadlineAt: Date, now: Date): number {
  return Math.max(0, deadlineAt.getTime() - now.getTime());
}
