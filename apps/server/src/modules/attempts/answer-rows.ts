import {
  ANSWER_FIELDS,
  type AnswerInput,
  ATTEMPT_MESSAGES,
  type QuestionType,
} from '@examiq/contracts';
import type { AnswerResponse } from '../../db/schema';
import { FieldErrors } from '../../errors';
import type { ExamPaper, PaperQuestion, PaperSection } from './exam-paper';
import { responseMarks } from './scoring';

/** An answer as the save writes it. */
export interface AnswerRow {
  question_id: string;
  section_id: string | null;
  selected_option: number | null;
  text: string | null;
  response: AnswerResponse | null;
  marked_for_review: boolean;
  awarded_marks: number | null;
  /** A drawn section's question: written only if drawn for this attempt. */
  drawn_section_id: string | null;
}

/** The one field that holds each type's answer; every other answer field must be absent. */
const ANSWER_FIELD_OF = {
  MCQ: 'selectedOptionId',
  TRUE_FALSE: 'selectedOptionId',
  MULTI_SELECT: 'selectedOptionIds',
  NUMERICAL: 'number',
  FILL_IN_BLANKS: 'blanks',
  MATCHING: 'matches',
  ORDERING: 'order',
  SHORT_ANSWER: 'text',
  LONG_ANSWER: 'text',
  FILE_UPLOAD: 'fileIds',
} as const satisfies Record<QuestionType, keyof AnswerInput>;

/** The field of an answer that does not fit its question's type, if any. */
function misfitField(question: PaperQuestion, answer: AnswerInput): string | undefined {
  const own = ANSWER_FIELD_OF[question.questionType];
  const misfit = ANSWER_FIELDS.find((field) => field !== own && answer[field] != null);
  if (misfit) return misfit;
  return own !== 'number' && answer.unit != null ? 'unit' : undefined;
}

/** An answer that is neither one option nor a text, as stored; null when cleared. */
function responseOf(answer: AnswerInput): AnswerResponse | null {
  if (answer.selectedOptionIds?.length) return { selectedOptionIds: answer.selectedOptionIds };
  if (answer.number != null) return { number: answer.number, unit: answer.unit || null };
  if (answer.blanks?.some((entry) => entry.trim() !== '')) return { blanks: answer.blanks };
  if (answer.matches && Object.keys(answer.matches).length > 0) return { matches: answer.matches };
  if (answer.order?.length) return { order: answer.order };
  return null;
}

/**
 * The field of an answer that names what its question does not have, with why: a blank too many
 * or too few, a prompt or match not the question's, an order that is not all its items once.
 */
function partMisfit(
  question: PaperQuestion,
  answer: AnswerInput,
): [field: string, message: string] | undefined {
  if (answer.blanks && answer.blanks.length !== question.blankCount) {
    return ['blanks', ATTEMPT_MESSAGES.blanksOfQuestion];
  }
  if (answer.matches) {
    const prompts = new Set(question.prompts?.map((prompt) => prompt.id));
    const matches = new Set(question.matches?.map((match) => match.id));
    const pairs = Object.entries(answer.matches);
    if (pairs.some(([prompt, match]) => !prompts.has(prompt) || !matches.has(match))) {
      return ['matches', ATTEMPT_MESSAGES.pairNotOfQuestion];
    }
  }
  if (answer.order?.length) {
    const items = new Set(question.items?.map((item) => item.id));
    if (answer.order.length !== items.size || answer.order.some((id) => !items.has(id))) {
      return ['order', ATTEMPT_MESSAGES.orderNotOfQuestion];
    }
  }
  if (question.upload && (answer.fileIds?.length ?? 0) > question.upload.maxFiles) {
    return ['fileIds', ATTEMPT_MESSAGES.tooManyFiles(question.upload.maxFiles)];
  }
  return undefined;
}

/**
 * The answer's columns and the marks it earns as it stands: a choice or a number against the key,
 * an empty answer 0, any other written answer null (for its evaluator). Scored at every save, so
 * submitting, by the student or the deadline, has nothing left to compute.
 */
function scoredAnswer(
  paper: ExamPaper,
  question: PaperQuestion,
  answer: AnswerInput,
): Pick<AnswerRow, 'selected_option' | 'text' | 'response' | 'awarded_marks'> {
  const key = paper.keyById.get(question.id);
  if (key) {
    const response = responseOf(answer);
    return {
      selected_option: null,
      text: null,
      response,
      awarded_marks: responseMarks(key, question.marks, response),
    };
  }
  if (question.upload) {
    const fileIds = answer.fileIds?.map((id) => id.toLowerCase()) ?? [];
    return {
      selected_option: null,
      text: null,
      response: fileIds.length > 0 ? { fileIds } : null,
      awarded_marks: fileIds.length > 0 ? null : 0,
    };
  }
  const option = answer.selectedOptionId == null ? null : Number(answer.selectedOptionId);
  const text = answer.text ?? null;
  if (question.options) {
    return {
      selected_option: option,
      text,
      response: null,
      awarded_marks:
        option !== null && option === paper.correctOptionById.get(question.id) ? question.marks : 0,
    };
  }
  return {
    selected_option: null,
    text,
    response: null,
    awarded_marks: text === null || text.trim() === '' ? 0 : null,
  };
}

/**
 * Checks each answer against the attempt's paper, in memory: the question must be the exam's,
 * the answer of its type's kind, a chosen option one of the question's.
 */
export function answerRows(paper: ExamPaper, answers: readonly AnswerInput[], field: string) {
  const errors: Record<string, string> = {};
  const rows: AnswerRow[] = [];
  answers.forEach((answer, index) => {
    const question = paper.questionById.get(answer.questionId.toLowerCase());
    if (!question) {
      errors[`${field}.${index}.questionId`] = ATTEMPT_MESSAGES.questionNotInAttempt;
      return;
    }
    const misfit = misfitField(question, answer);
    if (misfit) {
      errors[`${field}.${index}.${misfit}`] = ATTEMPT_MESSAGES.answerKindMismatch;
      return;
    }
    const optionCount = question.options?.length ?? 0;
    const chosen = [answer.selectedOptionId ?? [], answer.selectedOptionIds ?? []].flat();
    if (chosen.some((id) => Number(id) >= optionCount)) {
      const optionField = answer.selectedOptionIds ? 'selectedOptionIds' : 'selectedOptionId';
      errors[`${field}.${index}.${optionField}`] = ATTEMPT_MESSAGES.optionNotOfQuestion;
      return;
    }
    const parts = partMisfit(question, answer);
    if (parts) {
      errors[`${field}.${index}.${parts[0]}`] = parts[1];
      return;
    }
    const section = paper.sectionById.get(question.sectionId) as PaperSection;
    rows.push({
      question_id: question.id,
      // Only a timed section's answers are checked against its clock.
      section_id: section.timeLimit > 0 ? section.id : null,
      drawn_section_id: question.drawRule === null ? null : section.id,
      marked_for_review: answer.markedForReview ?? false,
      ...scoredAnswer(paper, question, answer),
    });
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return rows;
}
