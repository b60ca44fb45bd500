import { EXAM_LIMITS } from '@examiq/contracts';
import { blankQuestion, type QuestionValues } from '@/components/question-editor/question-values';
import { hasContent, type WizardSection } from './exam-values';

/** What of a section decides its questions. */
export type SectionShape = Pick<WizardSection, 'id' | 'questionType' | 'totalQuestions'> &
  Partial<Pick<WizardSection, 'source'>>;

function isQuestionCount(total: number): boolean {
  return Number.isInteger(total) && total >= 1 && total <= EXAM_LIMITS.questionsPerSection;
}

/**
 * The question lists after the sections changed (spec section 4). `previousQuestions` is parallel
 * to `previousSections`; sections are matched by id, so adding, deleting or reordering sections
 * moves each section's questions with it. A section whose count and type are unchanged keeps its
 * list as it is. Otherwise questions are kept by position where their type still matches the
 * section's, and the rest are new blank ones: a question of another type could never be valid in
 * the section. A count that is not a valid number yet (an emptied input) leaves the list alone.
 * A drawn section lists no questions: each student's are drawn from the banks.
 *
 * Unchanged lists, and the outer list when nothing changed, are returned as the same objects, so
 * a caller can tell that there is nothing to store.
 */
export function regenerateQuestions(
  previousSections: readonly SectionShape[],
  previousQuestions: readonly QuestionValues[][],
  sections: readonly SectionShape[],
): QuestionValues[][] {
  const listOf = new Map(
    previousSections.map((section, index) => [section.id, previousQuestions[index] ?? []]),
  );
  const next = sections.map((section) => {
    const previous = listOf.get(section.id) ?? [];
    if (section.source === 'DRAWN') return previous.length === 0 ? previous : [];
    const { questionType, totalQuestions } = section;
    if (!isQuestionCount(totalQuestions)) return previous;
    const kept = previous.every((question) => question.questionType === questionType);
    if (kept && previous.length === totalQuestions) return previous;
    return Array.from({ length: totalQuestions }, (_, position) => {
      const question = previous[position];
      return question?.questionType === questionType
        ? question
        : blankQuestion(questionType, position + 1);
    });
  });
  const unchanged =
    next.length === previousQuestions.length &&
    next.every((list, index) => list === previousQuestions[index]);
  return unchanged ? (previousQuestions as QuestionValues[][]) : next;
}

/** How many written questions a regeneration would throw away. */
export function countLostQuestions(
  previousQuestions: readonly QuestionValues[][],
  nextQuestions: readonly QuestionValues[][],
): number {
  const kept = new Set(nextQuestions.flat().map((question) => question.id));
  return previousQuestions.flat().filter((q) => hasContent(q) && !kept.has(q.id)).length;
}
