// The largest exam the rules allow (5 sections of 50 questions, every question type), as the
// create-exam scenario posts it and as the wizard scenario finds it in a resumed draft.
import { validExamPayload, validQuestions } from '@examiq/contracts/test-support';

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

/** 20 questions of every type, as a working exam day has them; 2 essays. */
/** An exam day's paper: choices, numbers and written answers, 20 questions, 2 of them essays. */
export const EXAM_DAY_SECTIONS = [
  ['Multiple choice', 'MCQ', 10],
  ['Multiple select', 'MULTI_SELECT', 3],
  ['Numerical', 'NUMERICAL', 2],
  ['Short answers', 'SHORT_ANSWER', 3],
  ['Essays', 'LONG_ANSWER', 2],
];

/** The other exam day paper: blanks, pairs and orders beside choices and essays. */
export const PARTS_SECTIONS = [
  ['Multiple choice', 'MCQ', 10],
  ['Fill in the blanks', 'FILL_IN_BLANKS', 3],
  ['Matching', 'MATCHING', 2],
  ['Ordering', 'ORDERING', 3],
  ['Essays', 'LONG_ANSWER', 2],
];

/**
 * An exam has at most 5 sections of one type each: every scored type takes two papers, which
 * the exam day's branches sit in turn.
 */
export const EXAM_DAY_PAPERS = [EXAM_DAY_SECTIONS, PARTS_SECTIONS];

/**
 * 20 questions of single choice and written answers only: the results rows write their answers in
 * SQL, scoring an option as a save does, which the other scored types would need their scoring for.
 */
export const CHOICE_AND_WRITTEN_SECTIONS = [
  ['Multiple choice', 'MCQ', 10],
  ['True or false', 'TRUE_FALSE', 5],
  ['Short answers', 'SHORT_ANSWER', 3],
  ['Essays', 'LONG_ANSWER', 2],
];

/** The wall-clock date of an instant, 'YYYY-MM-DD', as schedules are written. */
export const localDate = (date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * A published AUTO exam of 20 mixed questions (`sections`, an exam day's paper unless given) for
 * `audience` (batchId, courseId, branchId, sectionIds), passed at 40%, open over `scheduleDetails`.
 */
export function mixedExamPayload({
  audience,
  examTitle,
  scheduleDetails,
  sections: paper = EXAM_DAY_SECTIONS,
  ...overrides
}) {
  const sections = paper.map(([name, questionType, totalQuestions], index) => ({
    name,
    order: String(index + 1),
    marks: totalQuestions * validQuestions[questionType]().marks,
    questionType,
    totalQuestions,
    timeLimit: 0,
    isOptional: false,
    instructions: ['Answer every question.'],
  }));
  const totalMarks = sections.reduce((sum, section) => sum + section.marks, 0);
  return {
    ...validExamPayload({ ...audience, examStatus: 'PUBLISH' }),
    examTitle,
    totalMarks,
    passingMarks: Math.ceil(0.4 * totalMarks),
    scheduleDetails: { ...scheduleDetails, bufferTime: { beforeExam: 0, afterExam: 0 } },
    examSections: sections,
    questions: sections.map((section) =>
      Array.from({ length: section.totalQuestions }, (_, i) =>
        validQuestions[section.questionType](i + 1),
      ),
    ),
    ...overrides,
  };
}
