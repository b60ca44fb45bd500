import {
  DEFAULT_PROCTORING_THRESHOLDS,
  PROCTORING_MESSAGES,
  type ProctoringThresholds,
} from '@examiq/contracts';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { branches, examAttempts, examFaculty, exams, sections, students } from '../../db/schema';
import { ApiError } from '../../errors';

/** Who is acting on a proctored exam: its assigned faculty, or any admin. */
export interface Proctor {
  userId: string;
  role: 'admin' | 'faculty';
}

export type ExamRow = typeof exams.$inferSelect;
export type AttemptRow = typeof examAttempts.$inferSelect;

/** A student's row with their section's name and branch code: several branches may sit an exam. */
export const studentWithSection = {
  ...getTableColumns(students),
  sectionName: sql<string>`(select ${sections.name} from ${sections} where ${sections.id} = ${students.sectionId})`,
  branchCode: sql<string>`(select ${branches.code} from ${sections} inner join ${branches} on ${branches.id} = ${sections.branchId} where ${sections.id} = ${students.sectionId})`,
};
export type StudentRow = typeof students.$inferSelect & { sectionName: string; branchCode: string };

export const notFound = (message: string) => new ApiError(404, message);
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
export const studentLabel = (student: typeof students.$inferSelect) =>
  `${fullName(student)} (${student.studentId})`;

export const thresholdsOf = (exam: ExamRow): ProctoringThresholds =>
  exam.proctoringThresholds ?? DEFAULT_PROCTORING_THRESHOLDS;

/** A PROCTORING exam the proctor may watch: unknown 404, not theirs 403, not proctored 409. */
export async function proctoredExam(db: AppDatabase, proctor: Proctor, examId: string) {
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

export async function attemptWithStudent(db: AppDatabase, attemptId: string) {
  const [row] = await db
    .select({ attempt: examAttempts, student: studentWithSection })
    .from(examAttempts)
    .innerJoin(students, eq(students.userId, examAttempts.studentUserId))
    .where(eq(examAttempts.id, attemptId));
  return row;
}

/** An attempt of an exam the proctor may act on. */
export async function proctoredAttempt(db: AppDatabase, proctor: Proctor, attemptId: string) {
  const row = await attemptWithStudent(db, attemptId);
  if (!row) throw notFound(PROCTORING_MESSAGES.attemptNotFound);
  const exam = await proctoredExam(db, proctor, row.attempt.examId);
  return { ...row, exam };
}

/** The student's own attempt of a PROCTORING exam; anyone else's is as unknown as a made-up id. */
export async function ownProctoredAttempt(db: AppDatabase, userId: string, attemptId: string) {
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
