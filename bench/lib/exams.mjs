// The largest exam the rules allow (5 sections of 50 questions, every question type), as the
// create-exam scenario posts it and as the wizard scenario finds it in a resumed draft.
import { validQuestions } from '@examiq/contracts/test-support';

const SECTION_TYPES = ['MCQ', 'TRUE_FALSE', 'SHORT_ANSWER', 'LONG_ANSWER', 'MCQ'];
export const QUESTIONS_PER_SECTION = 50;

/** 50 questions of 1 mark make 50 per section; the 250 in all exceed the 200 total marks allowed,
 * which the wizard and the API treat as a warning, never an error. */
export function largestExamSections() {
  return SECTION_TYPES.map((questionType, index) => ({
    name: `Section ${index + 1}`,
    order: String(index + 1),
    marks: QUESTIONS_PER_SECTION,
    questionType,
    totalQuestions: QUESTIONS_PER_SECTION,
    timeLimit: 30,
    isOptional: false,
    instructions: ['Answer every question.'],
  }));
}

export function largestExamQuestions() {
  return SECTION_TYPES.map((type) =>
    Array.from({ length: QUESTIONS_PER_SECTION }, (_, index) => ({
      ...validQuestions[type](index + 1),
      marks: 1,
    })),
  );
}
