import {
  type BloomLevel,
  DEFAULT_DIFFICULTY,
  DEFAULT_QUESTION_MARKS,
  DEFAULT_UNIT_PENALTY,
  DEFAULT_UPLOAD_SETTINGS,
  DEFAULT_WORD_RANGE,
  type Difficulty,
  EXAM_LIMITS,
  FILE_KINDS,
  type FileKind,
  type MatchingPair,
  type NumericAnswer,
  type NumericUnit,
  type QuestionOption,
  type QuestionType,
  type ScoringRule,
  TRUE_FALSE_OPTION_TEXTS,
} from '@examiq/contracts';

/**
 * One question as an editor holds it (a wizard card, the bank editor). A question carries only its own type's fields (see
 * blankQuestion); the optional ones are typed flat so every input can be registered by path.
 */
export interface QuestionValues {
  id: string;
  questionType: QuestionType;
  questionText: string;
  marks: number;
  order: number;
  difficulty: Difficulty;
  explanation: string;
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
  blanks?: BlankValues[];
  pairs?: MatchingPair[];
  distractors?: string[];
  items?: string[];
  fileTypes?: FileKind[];
  maxFiles?: number;
  maxFileMb?: number;
  /** A question taken from a bank carries the bank's Bloom's level; a written one has none. */
  bloomLevel?: BloomLevel;
  /**
   * A bank question the exam uses as it stands: the card shows it read-only and the payload
   * sends `{ bankQuestionId }`. Its fields are the copy shown, kept so every check still reads it.
   */
  fromBank?: BankLink;
  /** The bank question this exam's own question was saved as, for the card's note. */
  savedToBank?: BankLink;
}

/** Which bank question, its version, and where it sits ('Circuits › Unit 3/Kirchhoff'). */
export interface BankLink {
  bankQuestionId: string;
  version: number;
  place: string;
}

/** One blank of a fill-in-the-blanks question: a text blank while its tolerance is null. */
export interface BlankValues {
  accepted: string[];
  caseSensitive: boolean;
  tolerance: number | null;
}

/**
 * Where a question sits in the form that edits it: the wizard keeps each section's list
 * (`questions.1.4`), the bank editor one question (`question`). The editor's parts take the path
 * and register every field below it.
 */
export type QuestionPath = 'question' | `questions.${number}.${number}`;

/** The shape of both forms as far as the question editor's parts reach into them. */
export interface QuestionForm {
  question: QuestionValues;
  questions: QuestionValues[][];
}

/**
 * Ids only need to be unique within one exam; crypto.randomUUID is avoided because browsers
 * withhold it from pages served over plain http on a campus network.
 */
export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A question with the spec's defaults for its type (spec section 3). */
export function blankQuestion(questionType: QuestionType, order: number): QuestionValues {
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
export function blankBlank(): BlankValues {
  return { accepted: [''], caseSensitive: false, tolerance: null };
}

/** An accepted answer still to type: exact (no tolerance) and worth full marks. */
export function blankNumericAnswer(): NumericAnswer {
  return { value: Number.NaN, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 };
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
