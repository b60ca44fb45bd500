import type { SavedAnswer } from '@examiq/contracts';
import type { AnswerResponse, QuestionPart } from '../../db/schema';
import type { PaperQuestion } from './exam-paper';

/** The columns of a stored answer that say what the student answered. */
export interface AnswerColumns {
  selected_option: number | null;
  text: string | null;
  response: AnswerResponse | null;
}

/** An option as the report and the answer key name it: its letter in the stored order, and text. */
const optionText = (question: PaperQuestion, position: number) =>
  `${String.fromCharCode(65 + position)}. ${question.options?.[position] ?? ''}`;

const partText = (parts: QuestionPart[] | null, id: string) =>
  parts?.find((part) => part.id === id)?.text ?? '';

/**
 * An answer as a reader reads it: the chosen option or options with their texts, the number with
 * its unit, the blanks in order, each prompt with its chosen match, the items in the order given,
 * the names of the files uploaded (read from `files`, by id), the text written; empty when
 * unanswered.
 */
export function answerText(
  question: PaperQuestion,
  answer: AnswerColumns | undefined,
  files: ReadonlyMap<string, { fileName: string }> = new Map(),
): string {
  if (!answer) return '';
  if (answer.selected_option !== null) return optionText(question, answer.selected_option);
  const response: Partial<SavedAnswer> = answer.response ?? {};
  if (response.selectedOptionIds) {
    return response.selectedOptionIds.map((id) => optionText(question, Number(id))).join('; ');
  }
  if (response.number)
    return response.unit ? `${response.number} ${response.unit}` : response.number;
  if (response.blanks) return response.blanks.join(' | ');
  if (response.matches) {
    return (question.prompts ?? [])
      .filter((prompt) => response.matches?.[prompt.id] !== undefined)
      .map(
        (prompt) =>
          `${prompt.text} → ${partText(question.matches, response.matches?.[prompt.id] ?? '')}`,
      )
      .join('; ');
  }
  if (response.order) return response.order.map((id) => partText(question.items, id)).join(' → ');
  if (response.fileIds) {
    return response.fileIds.map((id) => files.get(id)?.fileName ?? '').join('; ');
  }
  return answer.text ?? '';
}
