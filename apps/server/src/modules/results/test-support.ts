import { answersToGradeDataSchema, regradeDataSchema, successResponse } from '@examiq/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { examAttempts, examSections, exams, questions } from '../../db/schema';
import type { SittingFixture } from '../../test/sittings';
import { blindCodes } from './blind-codes';

/** The day after the exam day (EXAM_DAY_TEN): the exam's window has closed. */
export const NEXT_DAY = new Date(2030, 2, 15, 9, 0);

/** A response's data, once it is a success (200) of the contract's shape. */
export function dataOf<T extends z.ZodType>(
  schema: T,
  response: { statusCode: number; body: string; json: () => unknown },
): z.infer<T> {
  expect(response.statusCode, response.body).toBe(200);
  return (successResponse(schema).parse(response.json()) as { data: z.infer<T> }).data;
}

/**
 * The answers the server scored in one attempt's script, as a faculty member made the exam's
 * evaluator is shown them by its code.
 */
export async function scoredAnswersOfScript(
  fixture: SittingFixture,
  jwtSecret: string,
  examId: string,
  attemptId: string,
) {
  const evaluator = await fixture.signedInFaculty();
  const set = await fixture.adminCall('PUT', `set-exam-evaluators/${examId}`, {
    evaluatorIds: [evaluator.userId],
  });
  expect(set.statusCode, set.body).toBe(200);
  const code = blindCodes(jwtSecret).attemptCode(attemptId);
  const response = await evaluator.call(
    'GET',
    `get-answers-to-grade/${examId}?attemptCode=${code}`,
  );
  return dataOf(answersToGradeDataSchema, response).scoredAnswers;
}

/** Whose totals a corrected single-choice key would change: roll number, before and after. */
export async function regradePreview(
  fixture: SittingFixture,
  examId: string,
  questionId: string,
  correctOptionId: string,
) {
  const response = await fixture.adminCall('POST', `regrade-question/${examId}`, {
    questionId,
    correctOptionId,
    dryRun: true,
  });
  return dataOf(regradeDataSchema, response).changes.map(
    ({ rollNumber, totalBefore, totalAfter }) => [rollNumber, totalBefore, totalAfter],
  );
}

/**
 * Makes the exam's first section drawn, as saving a drawn section leaves it: its questions become
 * the pool of one rule, of which each student is given `count`, worth `count` × a question's marks.
 * Returns the section's id and its pool's question ids in order.
 */
export async function drawnSection(
  db: AppDatabase,
  fixture: SittingFixture,
  examId: string,
  count: number,
) {
  const [section] = await db
    .select({ id: examSections.id })
    .from(examSections)
    .where(eq(examSections.examId, examId))
    .orderBy(asc(examSections.position))
    .limit(1);
  if (!section) throw new Error(`Exam ${examId} has no section`);
  const pool = await db
    .update(questions)
    .set({ drawRule: 0 })
    .where(eq(questions.sectionId, section.id))
    .returning({ id: questions.id, position: questions.position, marks: questions.marks });
  pool.sort((a, b) => a.position - b.position);
  const each = pool[0]?.marks ?? 1;
  const rule = {
    courseId: fixture.audience.courseId,
    category: '',
    includeSubcategories: true,
    count,
    tags: [],
  };
  await db
    .update(examSections)
    .set({ draw: [rule], totalQuestions: count, marks: count * each })
    .where(eq(examSections.id, section.id));
  // A new paper version, as any edit of the paper makes: every server reads the pool anew.
  await db
    .update(exams)
    .set({ totalMarks: count * each, paperVersion: sql`gen_random_uuid()` })
    .where(eq(exams.id, examId));
  return { sectionId: section.id, pool: pool.map((question) => question.id) };
}

/**
 * A new student of the fixture's first section who starts the exam and is given these questions
 * of a drawn section, as the draw at the start keeps them in the attempt's layout.
 */
export async function startDrawn(
  db: AppDatabase,
  fixture: SittingFixture,
  examId: string,
  drawn: Record<string, string[]>,
) {
  const student = await fixture.student(fixture.inSection.A);
  const view = await student.client.start(examId);
  const [attempt] = await db
    .select({ layout: examAttempts.layout })
    .from(examAttempts)
    .where(eq(examAttempts.id, view.attempt._id));
  // A drawn section's order is that of the questions drawn, not of its pool.
  const questionOrder = Object.fromEntries(
    Object.entries(attempt?.layout?.questionOrder ?? {}).filter(([id]) => !(id in drawn)),
  );
  const optionOrder = attempt?.layout?.optionOrder ?? {};
  await db
    .update(examAttempts)
    .set({ layout: { questionOrder, optionOrder, drawn } })
    .where(eq(examAttempts.id, view.attempt._id));
  return { ...student, attemptId: view.attempt._id };
}
