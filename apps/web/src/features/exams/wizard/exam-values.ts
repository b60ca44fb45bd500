import {
  type BloomLevel,
  DEFAULT_PROCTORING_THRESHOLDS,
  type Difficulty,
  type DrawRule,
  type ExamDetail,
  type ExamMode,
  type ProctoringThresholds,
  type QuestionType,
} from '@examiq/contracts';
import { newId, type QuestionValues } from '@/components/question-editor/question-values';

/** One section as the wizard edits it: the payload's section plus whether its card is open. */
export interface WizardSection {
  id: string;
  name: string;
  order: string;
  marks: number;
  questionType: QuestionType;
  totalQuestions: number;
  timeLimit: number;
  isOptional: boolean;
  instructions: string[];
  isExpanded: boolean;
  /** Where its questions come from: written or picked in the wizard, or drawn per student. */
  source: QuestionSource;
  /** A drawn section's rules; kept while the section is listed, so switching back loses nothing. */
  draw: WizardDrawRule[];
  /** Internal choice: the student answers any K of its questions; NaN while left empty. */
  answerAny: number;
}

export type QuestionSource = 'LISTED' | 'DRAWN';

/** One draw rule as the wizard edits it: '' for a filter not chosen, NaN for an emptied count. */
export interface WizardDrawRule {
  courseId: string;
  category: string;
  includeSubcategories: boolean;
  count: number;
  difficulty: Difficulty | '';
  tags: string[];
  bloomLevel: BloomLevel | '';
  courseOutcome: string;
}

/** One added group of the audience; '' while a level is not chosen yet. */
export interface WizardAudienceGroup {
  courseId: string;
  branchId: string;
  sectionIds: string[];
}

/**
 * The whole exam being built, one react-hook-form value. Paths match the create payload's
 * (`examSections.1.name`, `questions.0.2.options`), so the server's field errors land as they are.
 * Numbers are NaN while their input is empty; the schedule keeps both modes' fields, so switching
 * mode back and forth loses nothing.
 */
export interface ExamWizardValues {
  examTitle: string;
  examDescription: string;
  subject: string;
  totalMarks: number;
  passingMarks: number;
  duration: number;
  examMode: ExamMode;
  generalInstructions: string[];
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  showAnswersAfterPublish: boolean;
  batchId: string;
  courseId: string;
  branchId: string;
  sectionIds: string[];
  /** Further branches of the batch sitting the same paper, each with its course and sections. */
  additionalAudiences: WizardAudienceGroup[];
  assignedFacultyIds: string[];
  /**
   * A PROCTORING exam's rules. Automatic submission is a switch beside its number of flags, so
   * the number chosen stays while it is off (the payload sends null then).
   */
  proctoringThresholds: {
    warnAt: number;
    flagAt: number;
    autoSubmit: boolean;
    autoSubmitAfterFlags: number;
  };
  scheduleDetails: {
    examDate: string;
    startTime: string;
    endTime: string;
    startDate: string;
    endDate: string;
    bufferTime: { beforeExam: number; afterExam: number };
  };
  examSections: WizardSection[];
  /** Parallel to examSections: the questions of section i are questions[i]. */
  questions: QuestionValues[][];
}

/** The number of flags automatic submission offers when it is switched on. */
const SUGGESTED_AUTO_SUBMIT_FLAGS = 5;

function thresholdValuesOf({
  warnAt,
  flagAt,
  autoSubmitAfterFlags,
}: ProctoringThresholds): ExamWizardValues['proctoringThresholds'] {
  return {
    warnAt,
    flagAt,
    autoSubmit: autoSubmitAfterFlags !== null,
    autoSubmitAfterFlags: autoSubmitAfterFlags ?? SUGGESTED_AUTO_SUBMIT_FLAGS,
  };
}

export function emptyExamValues(): ExamWizardValues {
  return {
    examTitle: '',
    examDescription: '',
    subject: '',
    totalMarks: Number.NaN,
    passingMarks: Number.NaN,
    duration: Number.NaN,
    examMode: 'AUTO',
    generalInstructions: [''],
    shuffleQuestions: false,
    shuffleOptions: false,
    showAnswersAfterPublish: true,
    batchId: '',
    courseId: '',
    branchId: '',
    sectionIds: [],
    additionalAudiences: [],
    assignedFacultyIds: [],
    proctoringThresholds: thresholdValuesOf(DEFAULT_PROCTORING_THRESHOLDS),
    scheduleDetails: {
      examDate: '',
      startTime: '',
      endTime: '',
      startDate: '',
      endDate: '',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    examSections: [],
    questions: [],
  };
}

/** A stored exam as the wizard edits it: every step filled, the section cards closed. */
export function examValuesOf(exam: ExamDetail): ExamWizardValues {
  const empty = emptyExamValues();
  return {
    examTitle: exam.examTitle,
    examDescription: exam.examDescription,
    subject: exam.subject,
    totalMarks: exam.totalMarks,
    passingMarks: exam.passingMarks,
    duration: exam.duration,
    examMode: exam.examMode,
    generalInstructions: exam.generalInstructions,
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    showAnswersAfterPublish: exam.showAnswersAfterPublish,
    batchId: exam.batchId,
    courseId: exam.courseId,
    branchId: exam.branchId,
    sectionIds: exam.sectionIds,
    additionalAudiences: exam.additionalAudiences,
    assignedFacultyIds: exam.assignedFacultyIds,
    proctoringThresholds: exam.proctoringThresholds
      ? thresholdValuesOf(exam.proctoringThresholds)
      : empty.proctoringThresholds,
    scheduleDetails: { ...empty.scheduleDetails, ...exam.scheduleDetails },
    examSections: exam.examSections.map(({ draw, answerAny, ...section }) => ({
      ...section,
      isExpanded: false,
      source: draw && draw.length > 0 ? 'DRAWN' : 'LISTED',
      draw: (draw ?? []).map(drawRuleValuesOf),
      answerAny: answerAny ?? Number.NaN,
    })),
    // A drawn section's pool is the server's: the wizard edits its rules, not its questions.
    questions: exam.questions.map((list, index) =>
      exam.examSections[index]?.draw?.length ? [] : list.map(storedQuestionValues),
    ),
  };
}

/** An exam's stored question as its card edits it; a copy of a bank question stays linked. */
function storedQuestionValues({
  bankQuestionId,
  bankVersion,
  ...question
}: ExamDetail['questions'][number][number]): QuestionValues {
  return {
    ...question,
    id: question.id ?? newId('question'),
    ...(bankQuestionId
      ? { fromBank: { bankQuestionId, version: bankVersion ?? 1, place: '' } }
      : {}),
  };
}

/** A new, open section card whose order is the first number no other section uses. */
export function newSection(existing: readonly Pick<WizardSection, 'order'>[]): WizardSection {
  const taken = new Set(existing.map((section) => section.order.trim()));
  let order = existing.length + 1;
  while (taken.has(String(order))) order += 1;
  return {
    id: newId('section'),
    name: '',
    order: String(order),
    marks: Number.NaN,
    questionType: 'MCQ',
    totalQuestions: 1,
    timeLimit: 0,
    isOptional: false,
    instructions: [],
    isExpanded: true,
    source: 'LISTED',
    draw: [],
    answerAny: Number.NaN,
  };
}

/** A stored rule as the wizard edits it. */
function drawRuleValuesOf(rule: DrawRule): WizardDrawRule {
  return {
    ...rule,
    difficulty: rule.difficulty ?? '',
    bloomLevel: rule.bloomLevel ?? '',
    courseOutcome: rule.courseOutcome ?? '',
  };
}

/** A new rule: one question from the whole bank of the course last drawn from, if any. */
export function newDrawRule(previous?: Pick<WizardDrawRule, 'courseId'>): WizardDrawRule {
  return {
    courseId: previous?.courseId ?? '',
    category: '',
    includeSubcategories: true,
    count: 1,
    difficulty: '',
    tags: [],
    bloomLevel: '',
    courseOutcome: '',
  };
}

/** A drawn section's question count: its rules' counts added up, an emptied count as none. */
export function drawnTotal(rules: readonly Pick<WizardDrawRule, 'count'>[]): number {
  return rules.reduce((sum, rule) => sum + (Number.isFinite(rule.count) ? rule.count : 0), 0);
}

/** A question read from a file as a new question of the wizard, at `order` in its section. */
export function importedQuestion(
  question: Omit<QuestionValues, 'id'>,
  order: number,
): QuestionValues {
  return { ...question, id: newId('question'), order };
}

/** Whether an admin has written anything into a question (marks and difficulty aside). */
export function hasContent(question: QuestionValues): boolean {
  const { options = [], keywords = [] } = question;
  const texts = [question.questionText, question.explanation, question.sampleAnswer];
  texts.push(question.modelAnswer);
  // True/False option texts are fixed; only an MCQ's and a multiple select's are typed in.
  if (question.questionType !== 'TRUE_FALSE') texts.push(...options.map((option) => option.text));
  for (const pair of question.pairs ?? []) texts.push(pair.prompt, pair.match);
  texts.push(...(question.distractors ?? []), ...(question.items ?? []));
  return (
    texts.some((text) => (text ?? '').trim() !== '') ||
    options.some((option) => option.isCorrect) ||
    keywords.length > 0 ||
    (question.numericAnswers ?? []).some((answer) => Number.isFinite(answer.value)) ||
    (question.units ?? []).length > 0 ||
    (question.blanks ?? []).some((blank) => blank.accepted.some((answer) => answer.trim() !== ''))
  );
}
