import { type NumericAnswer, parseStudentNumber } from '@examiq/contracts';
import type { AnswerResponse } from '../../db/schema';
import type { QuestionKey } from './exam-paper';

/** Marks are stored to one decimal place (`attempt_answers.awarded_marks`). */
const toTenths = (marks: number) => Math.round(marks * 10) / 10;

/**
 * Partial credit: each correct option chosen earns its share of the marks, each wrong one loses
 * the same share, and the total never goes below 0. All or nothing: the marks only for exactly
 * the correct options.
 */
function multiSelectMarks(
  key: Extract<QuestionKey, { questionType: 'MULTI_SELECT' }>,
  marks: number,
  chosen: readonly number[],
): number {
  if (chosen.length === 0) return 0;
  const right = chosen.filter((option) => key.correctOptions.has(option)).length;
  const wrong = chosen.length - right;
  if (key.scoring === 'ALL_OR_NOTHING') {
    return wrong === 0 && right === key.correctOptions.size ? marks : 0;
  }
  return toTenths(Math.max(0, ((right - wrong) * marks) / key.correctOptions.size));
}

/**
 * Floating point puts 0.1 + 0.2 a hair past 0.3: a value on a tolerance's edge is inside it, to
 * a millionth of the allowance or of the value.
 */
function within(value: number, answer: NumericAnswer): boolean {
  const allowance =
    answer.toleranceType === 'PERCENT'
      ? (Math.abs(answer.value) * answer.tolerance) / 100
      : answer.tolerance;
  const slack = 1e-9 * Math.max(allowance, Math.abs(answer.value), Number.MIN_VALUE);
  return Math.abs(value - answer.value) <= allowance + slack;
}

/**
 * The best fraction of any accepted answer the value falls within, times the marks. With units, a
 * unit the question does not list (or none) reads the value in the first unit and loses the
 * question's unit penalty.
 */
function numericalMarks(
  key: Extract<QuestionKey, { questionType: 'NUMERICAL' }>,
  marks: number,
  typed: string,
  unit: string | null,
): number {
  const value = parseStudentNumber(typed);
  if (value === null) return 0;
  const chosenUnit = key.units.find((known) => known.unit === unit);
  const penalty = key.units.length > 0 && !chosenUnit ? key.unitPenalty : 0;
  const inFirstUnit = value * (chosenUnit?.factor ?? 1);
  const best = Math.max(
    0,
    ...key.numericAnswers.filter((answer) => within(inFirstUnit, answer)).map((a) => a.fraction),
  );
  return toTenths(best * marks * (1 - penalty));
}

/** The marks a stored response earns against a multiple select or numerical key. */
export function responseMarks(
  key: QuestionKey,
  marks: number,
  response: AnswerResponse | null,
): number {
  if (key.questionType === 'MULTI_SELECT') {
    const chosen = response && 'selectedOptionIds' in response ? response.selectedOptionIds : [];
    return multiSelectMarks(key, marks, chosen.map(Number));
  }
  return response && 'number' in response
    ? numericalMarks(key, marks, response.number, response.unit)
    : 0;
}
