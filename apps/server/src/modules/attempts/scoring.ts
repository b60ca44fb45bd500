import { type BlankKey, type NumericAnswer, parseStudentNumber } from '@examiq/contracts';
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

/** Spaces inside an entry count once, and around it not at all: `Ohm 's  law` reads as typed. */
const normalised = (text: string) => text.trim().replace(/\s+/g, ' ');

function blankRight(blank: BlankKey, entry: string): boolean {
  if (blank.tolerance !== null) {
    const value = parseStudentNumber(entry);
    return (
      value !== null &&
      blank.accepted.some((accepted) => {
        const target = parseStudentNumber(accepted);
        return (
          target !== null &&
          within(value, {
            value: target,
            tolerance: blank.tolerance ?? 0,
            toleranceType: 'ABSOLUTE',
            fraction: 1,
          })
        );
      })
    );
  }
  const typed = normalised(entry);
  return blank.accepted.some((accepted) =>
    blank.caseSensitive
      ? normalised(accepted) === typed
      : normalised(accepted).toLowerCase() === typed.toLowerCase(),
  );
}

/**
 * Whether each part of an answer is right: each blank, each prompt's match (in the prompts'
 * order), each item's place; null for a key without parts.
 */
export function partsRight(key: QuestionKey, response: AnswerResponse | null): boolean[] | null {
  switch (key.questionType) {
    case 'FILL_IN_BLANKS': {
      const entries = response && 'blanks' in response ? response.blanks : [];
      return key.blanks.map((blank, index) => blankRight(blank, entries[index] ?? ''));
    }
    case 'MATCHING': {
      const chosen = response && 'matches' in response ? response.matches : {};
      return key.pairs.map(({ prompt, match }) => chosen[prompt] === match);
    }
    case 'ORDERING': {
      const order = response && 'order' in response ? response.order : [];
      return key.order.map((id, index) => order[index] === id);
    }
    default:
      return null;
  }
}

/** The length of the longest run of items in the right order relative to each other. */
function longestOrderedRun(order: readonly string[], right: readonly string[]): number {
  const place = new Map(right.map((id, index) => [id, index]));
  const places = order.flatMap((id) => place.get(id) ?? []);
  // Patience sorting: tails[k] is the smallest last place of an increasing run of k + 1 items.
  const tails: number[] = [];
  for (const value of places) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((tails[middle] as number) < value) low = middle + 1;
      else high = middle;
    }
    tails[low] = value;
  }
  return tails.length;
}

/**
 * All or nothing: the marks only for the whole order right. Partial: by the longest run of items
 * in the right order relative to each other, so one item out of place costs one step and not
 * every position after it; a run of one item is no order at all, so a reversed list scores 0.
 */
function orderingMarks(
  key: Extract<QuestionKey, { questionType: 'ORDERING' }>,
  marks: number,
  order: readonly string[],
): number {
  if (order.length === 0) return 0;
  const run = longestOrderedRun(order, key.order);
  if (key.scoring === 'ALL_OR_NOTHING') return run === key.order.length ? marks : 0;
  return toTenths(((run - 1) * marks) / (key.order.length - 1));
}

/** The marks a stored response earns against a key of more than one option. */
export function responseMarks(
  key: QuestionKey,
  marks: number,
  response: AnswerResponse | null,
): number {
  switch (key.questionType) {
    case 'MULTI_SELECT': {
      const chosen = response && 'selectedOptionIds' in response ? response.selectedOptionIds : [];
      return multiSelectMarks(key, marks, chosen.map(Number));
    }
    case 'NUMERICAL':
      return response && 'number' in response
        ? numericalMarks(key, marks, response.number, response.unit)
        : 0;
    case 'ORDERING':
      return orderingMarks(key, marks, response && 'order' in response ? response.order : []);
    default: {
      // Blanks and pairs: the marks split equally, each part right or wrong.
      const parts = partsRight(key, response) ?? [];
      const right = parts.filter(Boolean).length;
      return parts.length === 0 ? 0 : toTenths((right * marks) / parts.length);
    }
  }
}
