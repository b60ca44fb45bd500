import {
  type BloomLevel,
  DEFAULT_DIFFICULTY,
  DEFAULT_PROCTORING_THRESHOLDS,
  DEFAULT_QUESTION_MARKS,
  DEFAULT_UNIT_PENALTY,
  DEFAULT_UPLOAD_SETTINGS,
  DEFAULT_WORD_RANGE,
  type Difficulty,
  type DrawRule,
  EXAM_LIMITS,
  type ExamDetail,
  type ExamMode,
  FILE_KINDS,
  type FileKind,
  type MatchingPair,
  type NumericAnswer,
  type NumericUnit,
  type ProctoringThresholds,
  type QuestionOption,
  type QuestionType,
  type ScoringRule,
  TRUE_FALSE_OPTION_TEXTS,
} from '@examiq/contracts';

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

/**
 * One question as the wizard edits it. A question carries only its own type's fields (see
 * blankQuestion); the optional ones are typed flat so every input can be registered by path.
 */
export interface WizardQuestion {
  id: string;
  questionType: QuestionType;
  questionText: string;
  marks: number;
  order: number;
  difficulty: Difficulty;
  explanation: string;
  /** A question taken from a bank carries the bank's Bloom's level; a written one has none. */
  bloomLevel?: BloomLevel;
  options?: QuestionOption[];
  sampleAnswer?: string;
  modelAnswer?: string;
  minWordCount?: number;
  maxWordCount?: number;
  keywords?: string[];
  scoring?: ScoringRule;
  numericAnswers?: NumericAnswer[];
  units?: NumericUnit[];
  unitPenalty?: number;
  blanks?: WizardBlank[];
  pairs?: MatchingPair[];
  distractors?: string[];
  items?: string[];
  fileTypes?: FileKind[];
  maxFiles?: number;
  maxFileMb?: number;
}

/** One blank of a fill-in-the-blanks question: a text blank while its tolerance is null. */
export interface WizardBlank {
  accepted: string[];
  caseSensitive: boolean;
  tolerance: number | null;
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
  questions: WizardQuestion[][];
}

/**
 * Ids only need to be unique within one exam; crypto.randomUUID is avoided because browsers
 * withhold it from pages served over plain http on a campus network.
 */
function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
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
      exam.examSections[index]?.draw?.length
        ? []
        : list.map((question) => ({ ...question, id: question.id ?? newId('question') })),
    ),
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

/** A question with the spec's defaults for its type (spec section 3). */
export function blankQuestion(questionType: QuestionType, order: number): WizardQuestion {
  const base = {
    id: newId('question'),
    questionType,
    questionText: '',
    marks: DEFAULT_QUESTION_MARKS[questionType],
    order,
    difficulty: DEFAULT_DIFFICULTY,
    explanation: '',
  };
  switch (questionType) {
    case 'MCQ':
      return { ...base, options: [] };
    case 'TRUE_FALSE':
      return {
        ...base,
        options: TRUE_FALSE_OPTION_TEXTS.map((text) => ({ text, isCorrect: false })),
      };
    case 'SHORT_ANSWER':
      return { ...base, sampleAnswer: '', keywords: [] };
    case 'LONG_ANSWER':
      return {
        ...base,
        modelAnswer: '',
        minWordCount: DEFAULT_WORD_RANGE.min,
        maxWordCount: DEFAULT_WORD_RANGE.max,
        keywords: [],
      };
    case 'MULTI_SELECT':
      return {
        ...base,
        options: Array.from({ length: EXAM_LIMITS.multiSelectOptions.min }, () => ({
          text: '',
          isCorrect: false,
        })),
        scoring: 'PARTIAL',
      };
    case 'NUMERICAL':
      return {
        ...base,
        numericAnswers: [blankNumericAnswer()],
        units: [],
        unitPenalty: DEFAULT_UNIT_PENALTY,
      };
    // Its blanks follow the markers written into its text, so it starts with none.
    case 'FILL_IN_BLANKS':
      return { ...base, blanks: [] };
    case 'MATCHING':
      return {
        ...base,
        pairs: Array.from({ length: EXAM_LIMITS.matchingPairs.min }, () => ({
          prompt: '',
          match: '',
        })),
        distractors: [],
      };
    case 'ORDERING':
      return {
        ...base,
        items: Array.from({ length: EXAM_LIMITS.orderingItems.min }, () => ''),
        scoring: 'PARTIAL',
      };
    // Handwritten working comes as a scan or as photos, so both kinds are offered at first.
    case 'FILE_UPLOAD':
      return { ...base, fileTypes: [...FILE_KINDS], ...DEFAULT_UPLOAD_SETTINGS };
  }
}

/** A blank still to key, its first accepted answer ready to type: a text blank, case ignored. */
export function blankBlank(): WizardBlank {
  return { accepted: [''], caseSensitive: false, tolerance: null };
}

/** An accepted answer still to type: exact (no tolerance) and worth full marks. */
export function blankNumericAnswer(): NumericAnswer {
  return { value: Number.NaN, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 };
}

/** A question read from a file as a new question of the wizard, at `order` in its section. */
export function importedQuestion(
  question: Omit<WizardQuestion, 'id'>,
  order: number,
): WizardQuestion {
  return { ...question, id: newId('question'), order };
}

/** Whether an admin has written anything into a question (marks and difficulty aside). */
export function hasContent(question: WizardQuestion): boolean {
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

/**
 * What a marks, order or word count input stands for (spec section 5): an empty, fractional or
 * too small entry reads as the fall-back, so the question never holds an unusable number.
 */
export function numberOrFallback(
  raw: unknown,
  { min, fallback }: { min: number; fallback: number },
) {
  const text = typeof raw === 'number' ? raw : String(raw ?? '').trim();
  const value = text === '' ? Number.NaN : Number(text);
  return Number.isInteger(value) && value >= min ? value : fallback;
}
