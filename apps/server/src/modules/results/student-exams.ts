import { PEOPLE_MESSAGES, type StudentExam, type StudentExamsData } from '@examiq/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { examAttempts, exams, students } from '../../db/schema';
import { ApiError } from '../../errors';
import type { AttemptRow } from '../attempts/attempt-records';
import { examPaper } from '../attempts/exam-paper';
import { examHeaderOf } from '../exams/exam-header';
import { scoreAttempt, sectionMarks } from './scores';

/** A student's attempts with their exams, newest first; one row with no attempt when none. */
const attemptsOfStudent = perDatabase((db) =>
  db
    .select({ attempt: examAttempts, exam: exams })
    .from(students)
    .leftJoin(examAttempts, eq(examAttempts.studentUserId, students.userId))
    .leftJoin(exams, eq(exams.id, examAttempts.examId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .orderBy(desc(examAttempts.startedAt), desc(examAttempts.id))
    .prepare('student_exam_history'),
);

/** One submitted attempt's score, as the student's own result reads it. */
async function scoreOf(db: AppDatabase, exam: typeof exams.$inferSelect, attempt: AttemptRow) {
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const marks = await sectionMarks(db, paper, exam.id, [attempt.id]);
  return scoreAttempt(exam, paper, marks.get(attempt.id), attempt.layout);
}

/**
 * The exams a student sat, each with the attempt's status and, once the exam's results are
 * published, its score and whether it passed: what the student can read of it, no sooner.
 */
export async function studentExams(db: AppDatabase, studentId: string): Promise<StudentExamsData> {
  const rows = await attemptsOfStudent(db).execute({ studentId });
  if (rows.length === 0) throw new ApiError(404, PEOPLE_MESSAGES.studentNotFound);
  const sat = rows.flatMap(({ attempt, exam }) => (attempt && exam ? [{ attempt, exam }] : []));
  const exams = await Promise.all(
    sat.map(async ({ attempt, exam }): Promise<StudentExam> => {
      const published = exam.resultsPublishedAt !== null;
      const score =
        published && attempt.status === 'SUBMITTED' ? await scoreOf(db, exam, attempt) : null;
      return {
        attemptId: attempt.id,
        exam: examHeaderOf(exam, { totalMarks: exam.totalMarks }),
        status: attempt.status,
        startedAt: attempt.startedAt.toISOString(),
        submittedAt: attempt.submittedAt?.toISOString() ?? null,
        resultsPublished: published,
        total: score?.total ?? null,
        passed: score?.passed ?? null,
      };
    }),
  );
  return { exams };
}
