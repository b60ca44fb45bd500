import {
  type AttemptView,
  type StudentQuestion,
  type StudentSection,
  TRUE_FALSE_OPTION_TEXTS,
} from '@examiq/contracts';
import type { AnswerValue, OutboxEntry } from './outbox';

/** Each question's answer as the page shows it, by question id. */
export type Answers = Readonly<Record<string, AnswerValue>>;

export const NO_ANSWER: AnswerValue = {
  selectedOptionId: null,
  text: null,
  markedForReview: false,
};

/**
 * Answered as the server counts it for the receipt: an option or options chosen, a number typed,
 * any text written, any blank filled, any prompt matched, the items put in an order, or a file
 * uploaded.
 */
export function isAnswered(answer: AnswerValue | undefined): boolean {
  return Boolean(
    answer &&
      (answer.selectedOptionId !== null ||
        answer.text ||
        answer.selectedOptionIds?.length ||
        answer.number != null ||
        answer.blanks?.some((blank) => blank.trim() !== '') ||
        Object.keys(answer.matches ?? {}).length > 0 ||
        answer.order?.length ||
        answer.fileIds?.length),
  );
}

/** The answer's own fields of a saved answer or an outbox entry. */
function answerValueOf(source: AnswerValue): AnswerValue {
  const { selectedOptionId, text, selectedOptionIds, number, unit, markedForReview } = source;
  const { blanks, matches, order, fileIds } = source;
  return {
    selectedOptionId,
    text,
    selectedOptionIds,
    number,
    unit,
    blanks,
    matches,
    order,
    fileIds,
    markedForReview,
  };
}

/** A true/false question stored without options is still answered by True (0) or False (1). */
export function optionsOf(question: StudentQuestion): readonly { _id: string; text: string }[] {
  if (question.options) return question.options;
  return question.questionType === 'TRUE_FALSE'
    ? TRUE_FALSE_OPTION_TEXTS.map((text, index) => ({ _id: String(index), text }))
    : [];
}

/** The answers the server holds for the attempt. */
export function savedAnswers(view: AttemptView): Record<string, AnswerValue> {
  return Object.fromEntries(
    view.answers.map((answer) => [answer.questionId, answerValueOf(answer)]),
  );
}

/**
 * What the page opens with: the server's answers, with what this device had not sent yet laid
 * over them. An entry the server already holds a save of the same or a later seq for was sent
 * before the page closed (or overtaken by another tab), so the server's answer stands.
 */
export function mergeAnswers(view: AttemptView, outbox: readonly OutboxEntry[]) {
  const questionIds = new Set(
    view.sections.flatMap((section) => section.questions.map((question) => question._id)),
  );
  const answers = savedAnswers(view);
  const savedSeq = new Map(view.answers.map((answer) => [answer.questionId, answer.seq]));
  const pending = outbox.filter(
    (entry) =>
      questionIds.has(entry.questionId) && entry.seq > (savedSeq.get(entry.questionId) ?? 0),
  );
  for (const entry of pending) answers[entry.questionId] = answerValueOf(entry);
  // The tab continues after every seq the server or this device has used.
  const startSeq = Math.max(view.attempt.lastSeq, ...outbox.map((entry) => entry.seq)) + 1;
  return { answers, pending, startSeq };
}

/**
 * Unanswered questions, numbered within their sections as the page numbers them; every question
 * of a section not opened yet, whose questions the page has not been shown.
 */
export function unansweredBySection(sections: readonly StudentSection[], answers: Answers) {
  return sections
    .map((section) => ({
      section,
      numbers: Array.from({ length: section.totalQuestions }, (_, index) => index + 1).filter(
        (number) => {
          const question = section.questions[number - 1];
          return !(question && isAnswered(answers[question._id]));
        },
      ),
    }))
    .filter(({ numbers }) => numbers.length > 0);
}

export function countAnswered(sections: readonly StudentSection[], answers: Answers): number {
  return sections.reduce(
    (count, section) =>
      count + section.questions.filter((question) => isAnswered(answers[question._id])).length,
    0,
  );
}
