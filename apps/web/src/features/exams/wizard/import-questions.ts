import { EXAM_LIMITS } from '@examiq/contracts';
import type { QuestionValues } from '@/components/question-editor/question-values';
import { hasContent, importedQuestion } from './exam-values';

/** The questions a section keeps when others are added to it: the ones written into. */
export function keptQuestions(list: readonly QuestionValues[]): QuestionValues[] {
  return list.filter(hasContent);
}

/** How many more questions a section holding `list` has room for (spec section 5: 1 to 50). */
export function roomFor(list: readonly QuestionValues[]): number {
  return Math.max(0, EXAM_LIMITS.questionsPerSection - keptQuestions(list).length);
}

/**
 * A section's questions with `imported` after the ones written into. Questions still blank give
 * their place up: a new section starts with one, and it would otherwise sit before the imported
 * ones as an error only a smaller count, which removes from the end, could clear.
 */
export function withImported(
  list: readonly QuestionValues[],
  imported: readonly Omit<QuestionValues, 'id'>[],
): QuestionValues[] {
  const kept = keptQuestions(list);
  return [
    ...kept,
    ...imported.map((question, index) => importedQuestion(question, kept.length + index + 1)),
  ];
}
