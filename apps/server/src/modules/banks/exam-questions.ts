import {
  BANK_MESSAGES,
  type CreateExamPayload,
  type ExamQuestion,
  QUESTION_TYPE_LABELS,
  type SentExamPayload,
} from '@examiq/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { bankAccess, bankQuestions } from '../../db/schema';
import { FieldErrors } from '../../errors';
import type { BankUser } from './bank-access';
import { type BankQuestionRow, copiedColumns, poolsOf } from './draw-pools';

/** The courses whose banks the user may take questions from: all for an admin. */
async function coursesOpenTo(db: AppDatabase, user: BankUser): Promise<Set<string> | 'ALL'> {
  if (user.role === 'admin') return 'ALL';
  const granted = await db
    .select({ courseId: bankAccess.courseId })
    .from(bankAccess)
    .where(eq(bankAccess.facultyUserId, user.userId));
  return new Set(granted.map((grant) => grant.courseId));
}

/** The exam's copy of a bank question for a section of this type, or why it cannot have one. */
export function copyOf(row: BankQuestionRow | undefined, sectionType: string | undefined) {
  if (!row) return BANK_MESSAGES.questionNotFound;
  if (row.status !== 'READY') return BANK_MESSAGES.notReadyForExam;
  if (row.content.questionType !== sectionType) {
    return BANK_MESSAGES.otherTypeThanSection(QUESTION_TYPE_LABELS[row.content.questionType]);
  }
  return { ...row.content, bankQuestionId: row.id, bankVersion: row.version };
}

async function bankQuestionsNamed(
  db: AppDatabase,
  user: BankUser,
  exam: SentExamPayload,
): Promise<Map<string, BankQuestionRow>> {
  const ids = exam.questions.flatMap((list) =>
    list.flatMap((question) => ('bankQuestionId' in question ? [question.bankQuestionId] : [])),
  );
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(copiedColumns)
    .from(bankQuestions)
    .where(inArray(bankQuestions.id, [...new Set(ids)]));
  const open = await coursesOpenTo(db, user);
  return new Map(
    rows
      .filter((row) => open === 'ALL' || open.has(row.courseId))
      .map((row) => [row.id, row] as const),
  );
}

/**
 * The exam with each `{ bankQuestionId }` replaced by the exam's own copy of that bank question as
 * it stands, marked with the bank question and its version. A question that is missing, in a bank
 * the user may not use (answered as missing, so as not to confirm it exists), not Ready, or of
 * another type than its section is refused at its place in the payload.
 */
export async function withBankQuestions(
  db: AppDatabase,
  user: BankUser,
  exam: SentExamPayload,
): Promise<CreateExamPayload> {
  const named = await bankQuestionsNamed(db, user, exam);
  const errors: Record<string, string> = {};
  const questions = exam.questions.map((): ExamQuestion[] => []);
  exam.questions.forEach((list, sectionIndex) => {
    list.forEach((question, position) => {
      const copy =
        'bankQuestionId' in question
          ? copyOf(
              named.get(question.bankQuestionId),
              exam.examSections[sectionIndex]?.questionType,
            )
          : question;
      if (typeof copy === 'string') {
        errors[`questions.${sectionIndex}.${position}.bankQuestionId`] = copy;
      } else questions[sectionIndex]?.push(copy);
    });
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return { ...exam, questions };
}

/**
 * The copies of the bank questions each drawn section's rules draw from, by section and rule (an
 * empty list for a listed section): the exam's own questions, each student's drawn at the start.
 * A rule its pool cannot fill, or pools larger than an exam holds, refuse the save at the rule.
 */
export async function drawPoolsOf(
  db: AppDatabase,
  user: BankUser,
  exam: CreateExamPayload,
): Promise<ExamQuestion[][][]> {
  if (!exam.examSections.some((section) => section.draw?.length)) {
    return exam.examSections.map(() => []);
  }
  const listed = exam.questions.flatMap((list) =>
    list.flatMap((question) => question.bankQuestionId ?? []),
  );
  const fieldOf = (section: number, rule: number) => `examSections.${section}.draw.${rule}`;
  const pools = await poolsOf(
    db,
    user,
    exam.examSections,
    new Set(listed),
    (section, rule) => `${fieldOf(section, rule)}.courseId`,
  );
  const errors: Record<string, string> = {};
  const copies = pools.map((sectionPools, sectionIndex) =>
    sectionPools.map((pool, ruleIndex) => {
      if (pool.message) errors[fieldOf(sectionIndex, ruleIndex)] = pool.message;
      const type = exam.examSections[sectionIndex]?.questionType;
      return pool.questions.map((row) => copyOf(row, type) as ExamQuestion);
    }),
  );
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return copies;
}
