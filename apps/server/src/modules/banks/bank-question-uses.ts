import type { BankQuestionUse } from '@examiq/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { bankQuestions, examSections, exams, questions } from '../../db/schema';

/** The exam questions copied from the bank question a query reads (any version), with their exam. */
const copies = sql`from ${questions} join ${examSections} on ${examSections.id} = ${questions.sectionId} where ${questions.bankQuestionId} = ${bankQuestions.id}`;

/** How many exams hold a copy of the bank question, of any version. */
export const usedInCount =
  sql<number>`(select count(distinct ${examSections.examId}) ${copies})`.mapWith(Number);

export const neverUsed: SQL = sql`not exists (select ${copies})`;

/**
 * Used by an exam whose sitting day is at most `months` back: its date, or its window's first day.
 * That is when the students saw the question, which is what "used" means to an author; an exam
 * still to come counts too, since its students will. The day of the exam's creation would count a
 * paper drafted long before it was sat.
 */
export const usedInLastMonths = (months: number): SQL =>
  sql`exists (select ${copies} and exists (select from ${exams} where ${exams.id} = ${examSections.examId} and coalesce(${exams.examDate}, ${exams.startDate}) >= current_date - make_interval(months => ${months}::int)))`;

/** Whether an exam holds a copy of this version of the bank question. */
export async function versionInUse(db: AppDatabase, id: string, version: number): Promise<boolean> {
  const [copy] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.bankQuestionId, id), eq(questions.bankVersion, version)))
    .limit(1);
  return copy !== undefined;
}

/** The exams holding a copy of each version of the bank question, newest version first. */
export async function examsUsing(db: AppDatabase, id: string): Promise<BankQuestionUse[]> {
  const version = sql<number>`${questions.bankVersion}`.mapWith(Number);
  return db
    .selectDistinct({ examId: exams.id, title: exams.title, version })
    .from(questions)
    .innerJoin(examSections, eq(examSections.id, questions.sectionId))
    .innerJoin(exams, eq(exams.id, examSections.examId))
    .where(eq(questions.bankQuestionId, id))
    .orderBy(desc(version), asc(exams.title), asc(exams.id));
}
