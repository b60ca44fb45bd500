import { parseStudentNumber, type QuestionStatistic, REPORT_LIMITS } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import type { AnswerResponse } from '../../db/schema';
import type { ExamPaper, PaperQuestion, QuestionKey } from '../attempts/exam-paper';
import { partsRight } from '../attempts/scoring';

/** How many submitted scripts chose each option of each choice question, single or multiple. */
const optionChoicesStatement = preparedSql<{ question_id: string; option: number; times: number }>(
  'exam_option_choices',
  `select answer.question_id, chosen.option, count(*)::int as times
  from exam_attempts as attempt
  inner join attempt_answers as answer on answer.attempt_id = attempt.id
  cross join lateral (
    select answer.selected_option as option where answer.selected_option is not null
    union all
    select id.value::int from jsonb_array_elements_text(answer.response -> 'selectedOptionIds')
      as id(value)
  ) as chosen
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
  group by answer.question_id, chosen.option`,
);

/** Each number given to each numerical question, as typed with its unit, and how often. */
const numbersGivenStatement = preparedSql<{
  question_id: string;
  number: string;
  unit: string | null;
  times: number;
  marks: number;
}>(
  'exam_numbers_given',
  `select answer.question_id, answer.response ->> 'number' as number,
    answer.response ->> 'unit' as unit, count(*)::int as times,
    max(answer.awarded_marks)::float8 as marks
  from exam_attempts as attempt
  inner join attempt_answers as answer on answer.attempt_id = attempt.id
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED' and answer.response ? 'number'
  group by 1, 2, 3`,
);

/** Each answer given to each question with parts (blanks, pairs, an order), and how often. */
const partAnswersStatement = preparedSql<{
  question_id: string;
  response: AnswerResponse;
  times: number;
}>(
  'exam_part_answers',
  `select answer.question_id, answer.response, count(*)::int as times
  from exam_attempts as attempt
  inner join attempt_answers as answer on answer.attempt_id = attempt.id
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
    and answer.response ?| array['blanks', 'matches', 'order']
  group by 1, 2`,
);

type Spread = Pick<QuestionStatistic, 'optionChoices' | 'commonValues' | 'partsRight'>;
type CommonValue = NonNullable<Spread['commonValues']>[number];

/**
 * What the submitted scripts answered, per question: for a choice question how often each option
 * was chosen, for a numerical one the values given most often (a value typed two ways, `0.5` and
 * `0,50`, counts once; a unit stays as given, since a wrong unit is the mistake worth seeing).
 */
export async function answerSpread(
  db: AppDatabase,
  examId: string,
  paper: ExamPaper,
): Promise<Map<string, Spread>> {
  const [choices, numbers, partAnswers] = await Promise.all([
    optionChoicesStatement(db, [examId]),
    numbersGivenStatement(db, [examId]),
    partAnswersStatement(db, [examId]),
  ]);
  const spread = new Map<string, Spread>();
  for (const question of paper.questionById.values()) {
    const key = paper.keyById.get(question.id);
    const labels = key && partLabels(question, key);
    if (question.options) {
      spread.set(question.id, {
        optionChoices: new Array<number>(question.options.length).fill(0),
        commonValues: null,
        partsRight: null,
      });
    } else if (question.units) {
      spread.set(question.id, { optionChoices: null, commonValues: [], partsRight: null });
    } else if (labels) {
      spread.set(question.id, {
        optionChoices: null,
        commonValues: null,
        partsRight: labels.map((label) => ({ label, right: 0 })),
      });
    }
  }
  for (const { question_id, response, times } of partAnswers) {
    const key = paper.keyById.get(question_id);
    const parts = spread.get(question_id)?.partsRight;
    if (!key || !parts) continue;
    partsRight(key, response)?.forEach((right, index) => {
      const part = parts[index];
      if (right && part) part.right += times;
    });
  }
  for (const { question_id, option, times } of choices) {
    const counts = spread.get(question_id)?.optionChoices;
    if (counts && option < counts.length) counts[option] = times;
  }
  const valuesOf = new Map<string, Map<string, CommonValue>>();
  for (const { question_id, number, unit, times, marks } of numbers) {
    const value = `${parseStudentNumber(number) ?? number}${unit ? ` ${unit}` : ''}`;
    const byValue = valuesOf.get(question_id) ?? new Map<string, CommonValue>();
    valuesOf.set(question_id, byValue);
    const known = byValue.get(value);
    if (known) known.count += times;
    else byValue.set(value, { value, count: times, awardedMarks: marks });
  }
  for (const [questionId, byValue] of valuesOf) {
    spread
      .get(questionId)
      ?.commonValues?.push(
        ...[...byValue.values()]
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
          .slice(0, REPORT_LIMITS.commonValues),
      );
  }
  return spread;
}

/** What each part of a question with parts is called in its figures, in the key's order. */
function partLabels(question: PaperQuestion, key: QuestionKey): string[] | null {
  switch (key.questionType) {
    case 'FILL_IN_BLANKS':
      return key.blanks.map((_blank, index) => `Blank ${index + 1}`);
    case 'MATCHING': {
      const prompts = new Map(question.prompts?.map((prompt) => [prompt.id, prompt.text]));
      return key.pairs.map(({ prompt }) => prompts.get(prompt) ?? '');
    }
    case 'ORDERING': {
      const items = new Map(question.items?.map((item) => [item.id, item.text]));
      return key.order.map((id) => items.get(id) ?? '');
    }
    default:
      return null;
  }
}
