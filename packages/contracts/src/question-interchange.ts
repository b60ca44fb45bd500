import { z } from 'zod';
import {
  difficultySchema,
  EXAM_LIMITS,
  FILE_KINDS,
  questionSchema,
  questionTypeSchema,
  SCORING_RULES,
  TOLERANCE_TYPES,
} from './exams';
import { mediaUrlsSchema } from './media';

// --- Formats ----------------------------------------------------------------------------------

export const QUESTION_IMPORT_FORMATS = ['gift', 'moodle-xml', 'qti', 'aiken'] as const;
export type QuestionImportFormat = (typeof QUESTION_IMPORT_FORMATS)[number];

export const QUESTION_EXPORT_FORMATS = ['gift', 'moodle-xml', 'qti'] as const;
export type QuestionExportFormat = (typeof QUESTION_EXPORT_FORMATS)[number];

export const QUESTION_FORMAT_LABELS: Record<QuestionImportFormat, string> = {
  gift: 'Moodle GIFT',
  'moodle-xml': 'Moodle XML',
  qti: 'QTI 3.0',
  aiken: 'Aiken',
};

/** What a file picker offers for each format (the `accept` attribute). */
export const QUESTION_FORMAT_ACCEPT: Record<QuestionImportFormat, string> = {
  gift: '.gift,.txt',
  'moodle-xml': '.xml',
  qti: '.xml,.zip',
  aiken: '.txt',
};

/** A QTI export is an IMS content package (a zip); the others are one text file. */
export const QUESTION_EXPORT_EXTENSIONS: Record<QuestionExportFormat, string> = {
  gift: 'gift',
  'moodle-xml': 'xml',
  qti: 'zip',
};

// --- Limits -----------------------------------------------------------------------------------

export const QUESTION_FILE_LIMITS = {
  /** Checked while the upload streams in: a larger file is never held whole. */
  maxBytes: 5 * 1024 * 1024,
  /** A question bank larger than this is split before it is imported. */
  maxQuestions: 1000,
  /** What the XML files of a QTI package may unpack to, all together. */
  maxUnpackedBytes: 50 * 1024 * 1024,
} as const;

// --- Messages ---------------------------------------------------------------------------------

export const QUESTION_INTERCHANGE_MESSAGES = {
  fileRequired: 'Please choose a file to import',
  fileEmpty: 'The file is empty',
  notMultipart: 'Send the file as multipart/form-data, with the fields file and format',
  formatRequired: 'Please choose the format of the file',
  formatInvalid: 'Please choose a valid question format',
  unreadable: 'This file could not be read',
  wrongFormat: (format: QuestionImportFormat) =>
    `This file is not a ${QUESTION_FORMAT_LABELS[format]} file`,
  noQuestions: 'No questions were found in this file',
  tooLarge: `The file is too large: the limit is ${QUESTION_FILE_LIMITS.maxBytes / 1024 / 1024} MB`,
  unpackedTooLarge: `The package is too large: its files may unpack to ${QUESTION_FILE_LIMITS.maxUnpackedBytes / 1024 / 1024} MB at most`,
  overWorkLimits:
    'This file takes more memory or time to read than an import may use: split it and import each part',
  tooManyQuestions: `The file holds more than ${QUESTION_FILE_LIMITS.maxQuestions} questions: split it and import each part`,
  read: (ready: number, incomplete: number, skipped: number) =>
    [
      `${ready} question${ready === 1 ? '' : 's'} ready to add`,
      incomplete > 0 ? `${incomplete} to complete` : '',
      skipped > 0 ? `${skipped} skipped` : '',
    ]
      .filter(Boolean)
      .join(', '),
  qtiTestWithoutItems:
    'This QTI test refers to its questions in other files: upload its content package (zip)',
  examNotFound: 'Exam not found',
  // Reasons a question is skipped: something the format has and the exam does not.
  mathMlOnly: 'A formula written in MathML without its TeX is not supported',
  partialCredit: 'Partial credit is not supported',
  multipleCorrect: 'Multiple correct answers are not supported',
  noCorrectAnswer: 'No answer is marked as correct',
  unsupportedType: (type: string) => `Unsupported question type: ${type}`,
  choiceInText: 'A choice within the text (Cloze MULTICHOICE or MULTIRESPONSE) is not supported',
  blankNotFound: 'The place of the blank in the text could not be found',
  unreadableQuestion: (detail: string) => `This question could not be read: ${detail}`,
  fileTypesNotTaken: (types: string) =>
    `Only files of kinds the exam does not take could be handed in (${types}): a file upload question takes PDFs and images`,
  // Kept, with something left out that the admin should know about.
  answerFeedbackDropped: 'Feedback on single answers is not imported',
  choiceWeightsReplaced:
    'The weights of the options are not kept: each right option earns an equal share of the marks and each wrong one takes the same share off',
  anyNumberDropped: 'An answer that accepts any number was left out',
  unitPenaltyOfAnswer:
    'The penalty for a wrong unit was a share of the question’s marks: it is now a share of the marks the answer earns',
  unitsUnreadable: 'The units written with this question could not be read: it has none',
  unevenTolerance:
    'A tolerance wider on one side of the answer than the other is read as the wider on both sides',
  blankChoicesDropped:
    'The choices offered for each blank are not kept: a student types the answer, and the right choice is the accepted one',
  blankWeightsReplaced:
    'The weights of the blanks are not kept: each blank earns an equal share of the marks',
  blankToleranceWidest:
    'The answers of a blank had different tolerances: each is now accepted within the widest',
  anyTextDropped: 'An answer that accepts any text was left out',
  pairScoringReplaced:
    'The scoring of the pairs is not kept: each right pair earns an equal share of the marks',
  promptWithoutMatch: 'A prompt without a right match was left out',
  orderScoringReplaced: (rule: string) =>
    `The order was scored by the rule ${rule}: it is now scored by the exam's partial rule, by the longest run of items in the right order relative to each other`,
  orderSubsetShown: (shown: number) =>
    `Students were shown ${shown} of the items at a time: they now order all of them`,
  attachmentsDropped:
    'Files a student could attach beside the text are not kept: the question takes the text alone',
  textBesideFilesDropped:
    'The box for text beside the files is not kept: a student hands in the files alone',
  graderInfoDropped:
    'The information for graders is not kept: a file upload question has no model answer',
  filesCapped: (allowed: number | null) =>
    `Students could hand in ${allowed ?? 'any number of'} files: they now upload ${EXAM_LIMITS.uploadFiles.max} at most`,
  fileSizeCapped: (mb: number) =>
    `Each file could be up to ${mb} MB: the limit is now ${EXAM_LIMITS.uploadFileMb.max} MB`,
  fileTypesDropped: (types: string) =>
    `Files of these kinds are no longer taken: ${types} (a file upload question takes PDFs and images)`,
  foreignImages: 'An image that is not inside the file was left out',
  undescribedImage: (name: string) =>
    `An image had no description, so its file name (${name}) stands in for one: describe it for students who cannot see it`,
  linksDropped: 'A link that is not to a web or mail address was kept as its text',
  unsafeDropped: 'Scripts, frames, styles and forms were left out',
  looksDropped: 'Underline, strike-through, fonts and colours are not kept',
  // Written into an export in place of a question the format cannot hold.
  typeNotInFormat: (type: string, format: string) =>
    `${format} has no ${type} question: this question is not in the file`,
  // Refusing the whole file: nothing of it is stored.
  imageRefused: (question: number, title: string | undefined, name: string, reason: string) =>
    `Question ${question} of the file${title ? ` (${title})` : ''}: the image ${name} cannot be used. ${reason}`,
} as const;

// --- Requests ---------------------------------------------------------------------------------

/** A format left out reads as not chosen; any other value as not one of the list. */
const formatError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === ''
    ? QUESTION_INTERCHANGE_MESSAGES.formatRequired
    : QUESTION_INTERCHANGE_MESSAGES.formatInvalid;

export const questionImportFormatSchema = z.enum(QUESTION_IMPORT_FORMATS, { error: formatError });
export const questionExportFormatSchema = z.enum(QUESTION_EXPORT_FORMATS, { error: formatError });

/** The text fields of the multipart body of POST /admin/parse-questions (beside `file`). */
export const parseQuestionsFieldsSchema = z.object({ format: questionImportFormatSchema });

export const exportExamQuestionsQuerySchema = z.object({ format: questionExportFormatSchema });

// --- Response ---------------------------------------------------------------------------------

/**
 * Something about one question of the file: `question` is its 1-based place in the file (every
 * question counts, skipped or kept), `skipped` says whether it was left out of `questions`.
 */
export const questionImportWarningSchema = z.object({
  question: z.number().int().min(1),
  title: z.string().optional(),
  message: z.string(),
  skipped: z.boolean(),
});
export type QuestionImportWarning = z.infer<typeof questionImportWarningSchema>;

/**
 * A question read from the file that the wizard's rules refuse as it stands (no explanation, a
 * sample answer too short...): every field of its type present, empty where the file had
 * nothing, in the shape the wizard edits, so the admin may add it and complete it there.
 */
export const questionDraftSchema = z.object({
  questionType: questionTypeSchema,
  questionText: z.string(),
  marks: z.number(),
  order: z.number(),
  difficulty: difficultySchema,
  explanation: z.string(),
  options: z.array(z.object({ text: z.string(), isCorrect: z.boolean() })).optional(),
  sampleAnswer: z.string().optional(),
  modelAnswer: z.string().optional(),
  minWordCount: z.number().optional(),
  maxWordCount: z.number().optional(),
  keywords: z.array(z.string()).optional(),
  scoring: z.enum(SCORING_RULES).optional(),
  numericAnswers: z
    .array(
      z.object({
        value: z.number(),
        tolerance: z.number(),
        toleranceType: z.enum(TOLERANCE_TYPES),
        fraction: z.number(),
      }),
    )
    .optional(),
  units: z.array(z.object({ unit: z.string(), factor: z.number() })).optional(),
  unitPenalty: z.number().optional(),
  blanks: z
    .array(
      z.object({
        accepted: z.array(z.string()),
        caseSensitive: z.boolean(),
        tolerance: z.number().nullable(),
      }),
    )
    .optional(),
  pairs: z.array(z.object({ prompt: z.string(), match: z.string() })).optional(),
  distractors: z.array(z.string()).optional(),
  items: z.array(z.string()).optional(),
  fileTypes: z.array(z.enum(FILE_KINDS)).optional(),
  maxFiles: z.number().optional(),
  maxFileMb: z.number().optional(),
});
export type QuestionDraft = z.infer<typeof questionDraftSchema>;

export const incompleteQuestionSchema = z.object({
  question: z.number().int().min(1),
  title: z.string().optional(),
  draft: questionDraftSchema,
  /** The exam contract's messages, keyed by the field's path within the question. */
  errors: z.record(z.string(), z.string()),
});
export type IncompleteQuestion = z.infer<typeof incompleteQuestionSchema>;

/**
 * `questions` pass the exam contract's question schema as they are (the wizard adds them as
 * they are). `order` numbers the questions returned, ready and incomplete, 1..n in file order. `incomplete` failed it and are
 * not in `questions`; `warnings` say what was skipped outright or left out of a kept question.
 */
export const parseQuestionsDataSchema = z.object({
  format: z.enum(QUESTION_IMPORT_FORMATS),
  questions: z.array(questionSchema),
  incomplete: z.array(incompleteQuestionSchema),
  warnings: z.array(questionImportWarningSchema),
  /** Signed URLs of the images the questions hold, for the preview (see mediaUrlsSchema). */
  mediaUrls: mediaUrlsSchema,
});
export type ParseQuestionsData = z.infer<typeof parseQuestionsDataSchema>;
