import {
  type Evaluator,
  type EvaluatorsData,
  RESULT_MESSAGES,
  type SetEvaluatorsPayload,
} from '@examiq/contracts';
import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { examEvaluators, examFaculty, exams, faculty, users } from '../../db/schema';
import { SINGLE_ROW } from '../../db/single-row';
import { ApiError, FieldErrors } from '../../errors';
import { recordAudit } from '../audit/audit';

/** Whether the faculty member proctors the exam. */
const proctors = (examId: SQLWrapper, userId: SQLWrapper) =>
  sql<boolean>`exists (select from ${examFaculty} where ${examFaculty.examId} = ${examId} and ${examFaculty.facultyUserId} = ${userId})`;

/**
 * Whether the faculty member evaluates the exam: one of the evaluators the admin chose or, while
 * the admin has chosen none, one of its proctors.
 */
const evaluates = (examId: SQLWrapper, userId: SQLWrapper) =>
  sql<boolean>`case when exists (select from ${examEvaluators} where ${examEvaluators.examId} = ${examId})
    then exists (select from ${examEvaluators} where ${examEvaluators.examId} = ${examId} and ${examEvaluators.facultyUserId} = ${userId})
    else ${proctors(examId, userId)} end`;

const evaluatorCheck = perDatabase((db) =>
  db
    .select({
      evaluates: evaluates(sql.placeholder('examId'), sql.placeholder('userId')),
      proctors: proctors(sql.placeholder('examId'), sql.placeholder('userId')),
    })
    .from(SINGLE_ROW)
    .prepare('evaluator_check'),
);

/** Refuses a faculty member who does not evaluate the exam; tells whether they also proctor it. */
export async function assertEvaluator(
  db: AppDatabase,
  examId: string,
  userId: string,
): Promise<{ proctors: boolean }> {
  const [row] = await evaluatorCheck(db).execute({ examId, userId });
  if (!row?.evaluates) throw new ApiError(403, RESULT_MESSAGES.notEvaluator);
  return { proctors: row.proctors };
}

const userIdParam = sql.placeholder('userId');

/** Latest window first. */
const examsOfFaculty = perDatabase((db) =>
  db
    .select({
      exam: exams,
      proctors: proctors(exams.id, userIdParam),
      evaluates: evaluates(exams.id, userIdParam),
    })
    .from(exams)
    .where(
      and(
        sql`${exams.status} = 'PUBLISH'`,
        sql`${exams.id} in (select ${examFaculty.examId} from ${examFaculty} where ${examFaculty.facultyUserId} = ${userIdParam}
          union select ${examEvaluators.examId} from ${examEvaluators} where ${examEvaluators.facultyUserId} = ${userIdParam})`,
      ),
    )
    .orderBy(sql`${exams.windowStart} desc`, asc(exams.id))
    .prepare('exams_of_faculty'),
);

/** The published exams the faculty member proctors or evaluates, and which of the two. */
export function facultyExamRows(db: AppDatabase, userId: string) {
  return examsOfFaculty(db).execute({ userId });
}

const evaluatorColumns = {
  _id: faculty.userId,
  facultyId: faculty.facultyId,
  firstName: faculty.firstName,
  lastName: faculty.lastName,
  email: users.email,
};

const chosenEvaluators = perDatabase((db) =>
  db
    .select(evaluatorColumns)
    .from(examEvaluators)
    .innerJoin(faculty, eq(faculty.userId, examEvaluators.facultyUserId))
    .innerJoin(users, eq(users.id, faculty.userId))
    .where(eq(examEvaluators.examId, sql.placeholder('examId')))
    .orderBy(sql`lower(${faculty.firstName})`, sql`lower(${faculty.lastName})`, faculty.userId)
    .prepare('chosen_evaluators'),
);

const examProctors = perDatabase((db) =>
  db
    .select(evaluatorColumns)
    .from(examFaculty)
    .innerJoin(faculty, eq(faculty.userId, examFaculty.facultyUserId))
    .innerJoin(users, eq(users.id, faculty.userId))
    .where(eq(examFaculty.examId, sql.placeholder('examId')))
    .orderBy(asc(examFaculty.position))
    .prepare('exam_proctors'),
);

const examExists = perDatabase((db) =>
  db
    .select({ id: exams.id, title: exams.title })
    .from(exams)
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('exam_exists'),
);

async function assertExam(db: AppDatabase, examId: string) {
  const [exam] = await examExists(db).execute({ examId });
  if (!exam) throw new ApiError(404, RESULT_MESSAGES.examNotFound);
  return exam;
}

/** The exam's evaluators: those the admin chose, or its proctors while none is chosen. */
export async function examEvaluatorsOf(db: AppDatabase, examId: string): Promise<EvaluatorsData> {
  const [[exam], chosen, proctoring] = await Promise.all([
    examExists(db).execute({ examId }),
    chosenEvaluators(db).execute({ examId }),
    examProctors(db).execute({ examId }),
  ]);
  if (!exam) throw new ApiError(404, RESULT_MESSAGES.examNotFound);
  const chosenByAdmin = chosen.length > 0;
  const evaluators: Evaluator[] = chosenByAdmin ? chosen : proctoring;
  return { evaluators, chosenByAdmin };
}

/**
 * Replaces the exam's evaluators in one transaction; an empty list hands the marking back to the
 * exam's proctors. Every id must be a faculty member's account.
 */
export async function setExamEvaluators(
  db: AppDatabase,
  actorUserId: string,
  examId: string,
  { evaluatorIds }: SetEvaluatorsPayload,
): Promise<EvaluatorsData> {
  const exam = await assertExam(db, examId);
  const ids = evaluatorIds.map((id) => id.toLowerCase());
  const found =
    ids.length === 0
      ? []
      : await db
          .select({ userId: faculty.userId, email: users.email })
          .from(faculty)
          .innerJoin(users, eq(users.id, faculty.userId))
          .where(inArray(faculty.userId, ids));
  const facultyUserIds = new Set(found.map((row) => row.userId));
  const errors: Record<string, string> = {};
  ids.forEach((id, index) => {
    if (!facultyUserIds.has(id))
      errors[`evaluatorIds.${index}`] = RESULT_MESSAGES.evaluatorNotFaculty;
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  await db.transaction(async (tx) => {
    await tx.delete(examEvaluators).where(eq(examEvaluators.examId, examId));
    if (ids.length > 0) {
      await tx
        .insert(examEvaluators)
        .values(ids.map((facultyUserId) => ({ examId, facultyUserId })));
    }
    const emailOf = new Map(found.map((row) => [row.userId, row.email]));
    const emails = ids.map((id) => emailOf.get(id));
    await recordAudit(tx, actorUserId, {
      action: 'exam.set-evaluators',
      recordType: 'exam',
      recordId: examId,
      recordLabel: exam.title,
      summary:
        emails.length === 0
          ? "Returned the marking to the exam's proctors"
          : `Set the evaluators: ${emails.join(', ')}`,
      changes: { evaluators: emails },
    });
  });
  return examEvaluatorsOf(db, examId);
}
