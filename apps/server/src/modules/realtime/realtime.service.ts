import type { Role } from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { examAttempts, examFaculty, exams } from '../../db/schema';

export interface OpenAttempt {
  attemptId: string;
  examId: string;
}

/** An attempt in progress, and whether its student is still in the exam's audience. */
interface AttemptInProgress extends OpenAttempt {
  inAudience: boolean;
}

const openAttemptsOf = perDatabase((db) =>
  db
    .select({
      attemptId: examAttempts.id,
      examId: examAttempts.examId,
      // Written out: the builder leaves the columns of a one-table select unqualified.
      inAudience: sql<boolean>`exists (select from students inner join exam_target_sections on exam_target_sections.section_id = students.section_id where students.user_id = exam_attempts.student_user_id and exam_target_sections.exam_id = exam_attempts.exam_id)`,
    })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.studentUserId, sql.placeholder('studentUserId')),
        eq(examAttempts.status, 'IN_PROGRESS'),
      ),
    )
    .prepare('realtime_open_attempts'),
);

/** The student's attempts in progress, whether or not it is still in their exams' audience. */
export function attemptsInProgress(
  db: AppDatabase,
  studentUserId: string,
): Promise<AttemptInProgress[]> {
  return openAttemptsOf(db).execute({ studentUserId });
}

/**
 * The student's attempts in progress of exams whose audience it is in, whose rooms its socket
 * joins: a student moved to another section no longer hears the exam's chat.
 */
export async function openAttempts(db: AppDatabase, studentUserId: string): Promise<OpenAttempt[]> {
  const attempts = await attemptsInProgress(db, studentUserId);
  return attempts
    .filter((attempt) => attempt.inAudience)
    .map(({ attemptId, examId }) => ({ attemptId, examId }));
}

/** The student's own attempt, while it is in progress. */
export async function openAttempt(
  db: AppDatabase,
  studentUserId: string,
  attemptId: string,
): Promise<OpenAttempt | undefined> {
  const attempts = await openAttempts(db, studentUserId);
  return attempts.find((attempt) => attempt.attemptId === attemptId);
}

const proctoringOf = perDatabase((db) =>
  db
    .select({
      mode: exams.mode,
      assigned: sql<boolean>`exists (select from ${examFaculty} where ${examFaculty.examId} = ${exams.id} and ${examFaculty.facultyUserId} = ${sql.placeholder('userId')})`,
    })
    .from(exams)
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('realtime_proctoring_of'),
);

/**
 * Whether the account may watch the exam's monitor, as the REST guards decide: an admin any
 * proctored exam, a faculty member the proctored exams it is assigned to.
 */
export async function monitorAccess(
  db: AppDatabase,
  userId: string,
  role: Role,
  examId: string,
): Promise<'allowed' | 'not-found' | 'forbidden' | 'not-proctored'> {
  if (role === 'student') return 'forbidden';
  const [exam] = await proctoringOf(db).execute({ examId, userId });
  if (!exam) return 'not-found';
  if (role !== 'admin' && !exam.assigned) return 'forbidden';
  return exam.mode === 'PROCTORING' ? 'allowed' : 'not-proctored';
}
