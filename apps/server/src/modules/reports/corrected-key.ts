import {
  ATTEMPT_MESSAGES,
  acceptedAnswerText,
  acceptedBlankTexts,
  blankCountMessage,
  blankNumbers,
  type NumericAnswer,
  RESULT_MESSAGES,
  type RegradeRequest,
} from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { perDatabase } from '../../db/per-database';
import { itemsOf, matchingPartsOf, unitsOf } from '../../db/question-columns';
import { type AnswerKey, examSections, questions } from '../../db/schema';
import { FieldErrors } from '../../errors';
import { keyOf, type QuestionKey } from '../attempts/exam-paper';

/** A question of the exam, with what correcting its key reads. */
export const questionOfExam = perDatabase((db) =>
  db
    .select({
      id: questions.id,
      sectionId: questions.sectionId,
      questionType: questions.questionType,
      questionText: questions.questionText,
      marks: questions.marks,
      options: questions.options,
      correctOption: questions.correctOption,
      settings: questions.settings,
      answerKey: questions.answerKey,
    })
    .from(questions)
    .innerJoin(examSections, eq(examSections.id, questions.sectionId))
    .where(
      and(
        eq(questions.id, sql.placeholder('questionId')),
        eq(examSections.examId, sql.placeholder('examId')),
      ),
    )
    .prepare('regrade_question_of_exam'),
);

export type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionOfExam>['execute']>>[number];

const optionLetter = (position: number) => String.fromCharCode(65 + position);

/**
 * A key as the admin reads it, in the regrade's message and the audit log: `option B`, `options A
 * and C`, `the accepted answers 0.012 ± 2% A`.
 */
export function keyText(
  correctOption: number | null,
  key: AnswerKey | null,
  settings: QuestionRow['settings'],
): string {
  if (correctOption !== null) return `option ${optionLetter(correctOption)}`;
  if (key && 'correctOptions' in key) {
    const letters = key.correctOptions.map(optionLetter);
    return letters.length === 1
      ? `option ${letters[0]}`
      : `options ${letters.slice(0, -1).join(', ')} and ${letters.at(-1)}`;
  }
  if (key && 'blanks' in key) {
    const blanks = key.blanks.map(
      (blank, index) => `${index + 1}: ${acceptedBlankTexts(blank).join(', ')}`,
    );
    return `the accepted blanks ${blanks.join('; ')}`;
  }
  if (key && 'pairs' in key) {
    const { prompts, matches } = matchingPartsOf(settings);
    const textOf = new Map([...prompts, ...matches].map((part) => [part.id, part.text]));
    const pairs = key.pairs.map(
      ({ prompt, match }) => `${textOf.get(prompt)} → ${textOf.get(match)}`,
    );
    return `the pairs ${pairs.join('; ')}`;
  }
  if (key && 'order' in key) {
    const textOf = new Map(itemsOf(settings).map((item) => [item.id, item.text]));
    return `the order ${key.order.map((id) => textOf.get(id)).join(', ')}`;
  }
  const unit = unitsOf(settings).units[0]?.unit;
  const answers = key && 'numericAnswers' in key ? key.numericAnswers : [];
  return `the accepted answers ${answers.map((answer) => acceptedAnswerText(answer, unit)).join('; ')}`;
}

/** A corrected key: a single-choice question's option, or another type's whole key. */
export type CorrectedKey = { correctOption: number } | { key: QuestionKey; stored: AnswerKey };

/** Numbers compared as the database keeps them: the same key, however its fields were ordered. */
const sameAnswers = (a: NumericAnswer[], b: NumericAnswer[]) =>
  a.length === b.length &&
  a.every(
    (answer, index) =>
      answer.value === b[index]?.value &&
      answer.tolerance === b[index]?.tolerance &&
      answer.toleranceType === b[index]?.toleranceType &&
      answer.fraction === b[index]?.fraction,
  );

/** A value as JSON with every object's keys in order: `jsonb` keeps them in an order of its own. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, part: unknown) =>
    part !== null && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : 1)))
      : part,
  );
}

/** A corrected key of blanks, pairs or an order, refused where it is the key in force. */
function changedKey(question: QuestionRow, stored: AnswerKey, field: string): CorrectedKey {
  if (canonicalJson(stored) === canonicalJson(question.answerKey)) {
    throw new FieldErrors({ [field]: RESULT_MESSAGES.regradeSameKey });
  }
  return { key: keyOf({ ...question, answerKey: stored }) as QuestionKey, stored };
}

/**
 * The corrected key the payload gives, in the field of the question's type, checked against the
 * question: its options exist, and it differs from the key in force.
 */
export function correctedKeyOf(question: QuestionRow, payload: RegradeRequest): CorrectedKey {
  const optionCount = question.options?.length ?? 0;
  switch (question.questionType) {
    case 'MCQ':
    case 'TRUE_FALSE': {
      if (payload.correctOptionId === undefined) {
        throw new FieldErrors({ correctOptionId: RESULT_MESSAGES.regradeKeyMissing });
      }
      const correctOption = Number(payload.correctOptionId);
      if (correctOption >= optionCount) {
        throw new FieldErrors({ correctOptionId: ATTEMPT_MESSAGES.optionNotOfQuestion });
      }
      if (correctOption === question.correctOption) {
        throw new FieldErrors({ correctOptionId: RESULT_MESSAGES.regradeSameOption });
      }
      return { correctOption };
    }
    case 'MULTI_SELECT': {
      if (payload.correctOptionIds === undefined) {
        throw new FieldErrors({ correctOptionIds: RESULT_MESSAGES.regradeKeyMissing });
      }
      const correctOptions = payload.correctOptionIds.map(Number).sort((a, b) => a - b);
      if (correctOptions.some((option) => option >= optionCount)) {
        throw new FieldErrors({ correctOptionIds: ATTEMPT_MESSAGES.optionNotOfQuestion });
      }
      const stored = { correctOptions };
      const key = keyOf({ ...question, answerKey: stored });
      const current = keyOf(question);
      if (
        current?.questionType === 'MULTI_SELECT' &&
        current.correctOptions.size === correctOptions.length &&
        correctOptions.every((option) => current.correctOptions.has(option))
      ) {
        throw new FieldErrors({ correctOptionIds: RESULT_MESSAGES.regradeSameOptions });
      }
      return { key: key as QuestionKey, stored };
    }
    case 'NUMERICAL': {
      if (payload.numericAnswers === undefined) {
        throw new FieldErrors({ numericAnswers: RESULT_MESSAGES.regradeKeyMissing });
      }
      const stored = { numericAnswers: payload.numericAnswers };
      const current = keyOf(question);
      if (
        current?.questionType === 'NUMERICAL' &&
        sameAnswers(current.numericAnswers, payload.numericAnswers)
      ) {
        throw new FieldErrors({ numericAnswers: RESULT_MESSAGES.regradeSameAnswers });
      }
      return { key: keyOf({ ...question, answerKey: stored }) as QuestionKey, stored };
    }
    case 'FILL_IN_BLANKS': {
      if (payload.blanks === undefined) {
        throw new FieldErrors({ blanks: RESULT_MESSAGES.regradeKeyMissing });
      }
      const count = blankNumbers(question.questionText).length;
      if (payload.blanks.length !== count) {
        throw new FieldErrors({ blanks: blankCountMessage(count) });
      }
      return changedKey(question, { blanks: payload.blanks }, 'blanks');
    }
    case 'MATCHING': {
      if (payload.correctMatches === undefined) {
        throw new FieldErrors({ correctMatches: RESULT_MESSAGES.regradeKeyMissing });
      }
      const { prompts, matches } = matchingPartsOf(question.settings);
      const matchIds = new Set(matches.map((match) => match.id));
      const chosen = payload.correctMatches;
      if (
        Object.keys(chosen).length !== prompts.length ||
        prompts.some(({ id }) => !matchIds.has(chosen[id] ?? ''))
      ) {
        throw new FieldErrors({ correctMatches: RESULT_MESSAGES.regradeEveryPrompt });
      }
      const pairs = prompts.map(({ id }) => ({ prompt: id, match: chosen[id] as string }));
      return changedKey(question, { pairs }, 'correctMatches');
    }
    case 'ORDERING': {
      if (payload.correctOrder === undefined) {
        throw new FieldErrors({ correctOrder: RESULT_MESSAGES.regradeKeyMissing });
      }
      const items = new Set(itemsOf(question.settings).map((item) => item.id));
      const order = payload.correctOrder;
      if (
        order.length !== items.size ||
        new Set(order).size !== order.length ||
        order.some((id) => !items.has(id))
      ) {
        throw new FieldErrors({ correctOrder: ATTEMPT_MESSAGES.orderNotOfQuestion });
      }
      return changedKey(question, { order }, 'correctOrder');
    }
    default:
      throw new FieldErrors({ questionId: RESULT_MESSAGES.regradeChoiceOnly });
  }
}

/** How the audit log records a correction: a single-choice key by its options' texts. */
export function recordedCorrection(question: QuestionRow, corrected: CorrectedKey) {
  if ('correctOption' in corrected) {
    const from = question.options?.[question.correctOption as number];
    const to = question.options?.[corrected.correctOption];
    return { summary: `from "${from}" to "${to}"`, change: { correctOption: { from, to } } };
  }
  const from = keyText(null, question.answerKey, question.settings);
  const to = keyText(null, corrected.stored, question.settings);
  return { summary: `from ${from} to ${to}`, change: { answerKey: { from, to } } };
}
