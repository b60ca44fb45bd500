import { z } from 'zod';
import { paginationSchema } from './api';
import {
  audienceSectionFilter,
  audienceSectionSchema,
  EXAM_LIMITS,
  examListItemSchema,
  FILE_KIND_ACCEPT,
  FILE_KINDS,
  type FileKind,
  QUESTION_TYPES,
  scheduleDetailsSchema,
} from './exams';
import { parseStudentNumber, STUDENT_NUMBER_MAX_LENGTH, wholeNumber } from './fields';
import { searchQuerySchema } from './find';
import { MEDIA_LIMITS, mediaUrlsSchema } from './media';

// --- Enumerations -----------------------------------------------------------------------------

export const ATTEMPT_STATUSES = ['IN_PROGRESS', 'SUBMITTED'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * Who finalised an attempt: the student's submit, the deadline sweep, a proctor, or an admin who
 * ended the whole exam now.
 */
export const SUBMIT_TRIGGERS = ['STUDENT', 'DEADLINE', 'PROCTOR', 'ADMIN'] as const;
export type SubmitTrigger = (typeof SUBMIT_TRIGGERS)[number];

/** Where a published exam stands for a student: its lobby not open yet, open, or over. */
export const EXAM_AVAILABILITIES = ['UPCOMING', 'OPEN', 'CLOSED'] as const;
export type ExamAvailability = (typeof EXAM_AVAILABILITIES)[number];

/** A targeted student's sitting as the admin sees it. */
export const SITTING_STATUSES = [
  'NOT_STARTED',
  'IN_PROGRESS',
  'SUBMITTED',
  'SUBMITTED_BY_DEADLINE',
] as const;
export type SittingStatus = (typeof SITTING_STATUSES)[number];
export const SITTING_STATUS_LABELS: Record<SittingStatus, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  SUBMITTED: 'Submitted',
  SUBMITTED_BY_DEADLINE: 'Submitted by the deadline',
};

// --- Limits -----------------------------------------------------------------------------------

export const ATTEMPT_LIMITS = {
  /** Characters of one written answer: a long essay is about 15,000. */
  answerText: 20_000,
  /** Answers in one save: every question of the largest exam (5 sections of 50). */
  answersPerSave: 250,
  /** Characters of a typed number: enough for any value with its exponent. */
  numberText: STUDENT_NUMBER_MAX_LENGTH,
  /** Characters of one blank's answer. */
  blankText: 200,
  extraMinutes: { min: 1, max: 600 },
  /** How long after the deadline a save still counts: requests already in flight. */
  saveGraceMs: 15_000,
  /** A save this long after the last change, and a heartbeat save about this often. */
  saveDebounceMs: 1_500,
  heartbeatMs: 30_000,
  /** The countdown's warnings, in minutes left. */
  warningsAtMinutes: [5, 1],
} as const;

export const ATTEMPT_MESSAGES = {
  examNotFound: 'Exam not found',
  attemptNotFound: 'Attempt not found',
  studentNotFound: 'Student not found',
  notYourSection: 'This exam is not for your section',
  notStarted: 'This exam has not started yet',
  closed: 'This exam is closed',
  resultsPublished: 'The results of this exam are published: it can no longer be started',
  timeOver: 'The time for this exam is over',
  alreadySubmitted: 'This exam has already been submitted',
  submitted: 'Your exam has been submitted',
  submittedAtDeadline:
    'The time for this exam is over: the answers saved before the deadline were submitted',
  questionNotInAttempt: 'This question is not part of your exam',
  optionNotOfQuestion: 'This option is not one of the question’s options',
  answerKindMismatch: 'This kind of answer does not fit the question',
  duplicateQuestion: 'A question can appear only once in a save',
  sectionNotInAttempt: 'This section is not part of your exam',
  sectionNotOpened: 'Open this question’s section before answering it',
  studentNotInAudience: 'This student is not in this exam’s audience',
  extraTimeGranted: 'Extra time granted',
  attemptSubmittedNoExtraTime: 'This student has already submitted the exam',
  timeAlreadyOver: 'This student’s time is already over',
  notANumber: 'Enter a number, such as 0.012, 0,012 or 1.2e-2',
  blanksOfQuestion: 'An answer holds one entry for each of the question’s blanks',
  pairNotOfQuestion: 'This pair is not one of the question’s prompts and matches',
  orderNotOfQuestion: 'An order holds each of the question’s items once',
  fileNotOfQuestion: 'This file was not uploaded to this question',
  tooManyFiles: (maxFiles: number) =>
    `This question takes at most ${maxFiles} file${maxFiles === 1 ? '' : 's'}`,
  oneKindOfAnswer: 'An answer holds one kind of value: the one its question asks for',
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline: your answers are kept on this device and will be sent when you reconnect',
  conflict:
    'This exam is also open in another tab or device, and a newer answer was saved there. Reload to continue with the newest answers.',
} as const;

// --- Uploaded answers (file upload questions) --------------------------------------------------

/**
 * `POST /student/upload-answer-file/{attemptId}`: multipart/form-data with the question's id in
 * `questionId` and the file in `file`. The file's kind is decided from its bytes; its size is
 * checked as it streams in, and nothing larger than the largest a question may allow is read.
 */
export const ANSWER_FILE_UPLOAD = {
  fileField: 'file',
  questionField: 'questionId',
  /** The most any question allows: larger uploads are cut off while they stream in. */
  maxBytes: EXAM_LIMITS.uploadFileMb.max * 1024 * 1024,
  /**
   * The most files one attempt may store for one question, kept in its answer or not: room to
   * replace a question's files several times over, and a bound on the disk one student can fill
   * (20 files of 20 MB for each question).
   */
  maxStoredPerQuestion: 20,
} as const;

/** What a file input offers for a question's kinds of file. */
export function acceptOfKinds(kinds: readonly FileKind[]): string {
  return kinds.map((kind) => FILE_KIND_ACCEPT[kind]).join(',');
}

export const ANSWER_FILE_MESSAGES = {
  noFile: 'Choose a file to upload',
  noQuestion: 'Name the question the file answers',
  notFileQuestion: 'This question does not take files',
  wrongKind: (kinds: readonly FileKind[]) =>
    `Upload ${kinds.map((kind) => (kind === 'PDF' ? 'a PDF' : 'an image (JPEG, PNG or WebP)')).join(' or ')}`,
  tooLarge: (maxFileMb: number) => `The file is larger than ${maxFileMb} MB`,
  unreadable: 'This file could not be read',
  tooManyPixels: `This photo has more than ${MEDIA_LIMITS.maxPixels / 1_000_000} megapixels: take it at a lower resolution`,
  tooManyFiles: ATTEMPT_MESSAGES.tooManyFiles,
  tooManyUploads: (stored: number) =>
    `${stored} files have been uploaded to this question, the most it can hold: choose from those already uploaded`,
  sectionClosed: 'The time for this question’s section is over',
  uploaded: 'File uploaded',
  alreadyUploaded: 'This file was already uploaded',
  notFound: 'File not found',
  linkExpired: 'This file link has expired: reload the page',
  linkInvalid: 'This file link is not valid',
  waiting: 'Waiting to upload: the file is kept on this device until you reconnect',
  uploading: 'Uploading…',
} as const;

/** A file a student uploaded to a question of their attempt. */
export const answerFileSchema = z.object({
  /** Drawn by the server; the same bytes sent again to the same question keep their id. */
  _id: z.string(),
  questionId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
  /** A signed URL that shows the file (no bearer token needed), valid for a few hours. */
  url: z.string(),
});
export type AnswerFile = z.infer<typeof answerFileSchema>;

export const answerFileParamSchema = z.object({ fileId: z.uuid('The file id is not valid') });

// --- Requests ---------------------------------------------------------------------------------

export const examIdParamSchema = z.object({ examId: z.uuid('The exam id is not valid') });
export const attemptIdParamSchema = z.object({ attemptId: z.uuid('The attempt id is not valid') });

/** An option is named by its place among the question's options as the exam stores them. */
export const optionIdSchema = z.string().regex(/^\d$/, 'The option id is not valid');

/**
 * A matching prompt or match, or an ordering item, is named by an id drawn at random when the
 * question is written, so neither its place nor its name gives the key away.
 */
export const partIdSchema = z.string().regex(/^[\w-]{1,16}$/, 'The id is not valid');

const seqSchema = z
  .number({ error: 'seq must be a whole number of at least 1' })
  .int('seq must be a whole number of at least 1')
  .min(1, 'seq must be a whole number of at least 1')
  .max(Number.MAX_SAFE_INTEGER, 'seq is too large');

const studentNumberSchema = z
  .union([z.string(), z.number()], { error: 'The answer must be a number' })
  .transform((typed, ctx) => {
    const text = typeof typed === 'number' ? String(typed) : typed.trim();
    if (text !== '' && parseStudentNumber(text) === null) {
      ctx.addIssue({ code: 'custom', message: ATTEMPT_MESSAGES.notANumber });
      return z.NEVER;
    }
    return text === '' ? null : text;
  });

/** The fields that hold an answer, one kind per question type; all absent or null clear it. */
export const ANSWER_FIELDS = [
  'selectedOptionId',
  'text',
  'selectedOptionIds',
  'number',
  'blanks',
  'matches',
  'order',
  'fileIds',
] as const;

/**
 * One question's answer: the chosen option of a choice question, the chosen options of a multiple
 * select one, the number (and unit) of a numerical one, or the text of a written one; all null (or
 * absent) clear it. Marked for review is kept whether answered or not.
 */
export const answerInputSchema = z
  .object({
    questionId: z.uuid('The question id is not valid'),
    selectedOptionId: optionIdSchema.nullable().optional(),
    selectedOptionIds: z
      .array(optionIdSchema, { error: 'selectedOptionIds must be a list of option ids' })
      .max(10, 'A question has at most 10 options')
      .refine((ids) => new Set(ids).size === ids.length, 'An option can be chosen only once')
      .nullable()
      .optional(),
    number: studentNumberSchema.nullable().optional(),
    unit: z
      .string({ error: 'The unit must be text' })
      .trim()
      .max(20, 'The unit cannot exceed 20 characters')
      .nullable()
      .optional(),
    blanks: z
      .array(
        z
          .string({ error: 'Each blank’s answer must be text' })
          .max(
            ATTEMPT_LIMITS.blankText,
            `A blank’s answer cannot exceed ${ATTEMPT_LIMITS.blankText} characters`,
          ),
        { error: 'blanks must be a list of texts' },
      )
      .max(EXAM_LIMITS.blanks.max, `A question has at most ${EXAM_LIMITS.blanks.max} blanks`)
      .nullable()
      .optional(),
    matches: z
      .record(partIdSchema, partIdSchema, {
        error: 'matches must map each prompt id to a match id',
      })
      .refine(
        (matches) => Object.keys(matches).length <= EXAM_LIMITS.matchingPairs.max,
        `A question has at most ${EXAM_LIMITS.matchingPairs.max} prompts`,
      )
      .nullable()
      .optional(),
    order: z
      .array(partIdSchema, { error: 'order must be a list of item ids' })
      .max(
        EXAM_LIMITS.orderingItems.max,
        `A question has at most ${EXAM_LIMITS.orderingItems.max} items`,
      )
      .refine((ids) => new Set(ids).size === ids.length, 'An item can appear only once')
      .nullable()
      .optional(),
    fileIds: z
      .array(z.uuid('The file id is not valid'), { error: 'fileIds must be a list of file ids' })
      .max(
        EXAM_LIMITS.uploadFiles.max,
        `A question takes at most ${EXAM_LIMITS.uploadFiles.max} files`,
      )
      .refine((ids) => new Set(ids).size === ids.length, 'A file can be listed only once')
      .nullable()
      .optional(),
    text: z
      .string({ error: 'The answer must be text' })
      .max(
        ATTEMPT_LIMITS.answerText,
        `An answer cannot exceed ${ATTEMPT_LIMITS.answerText.toLocaleString('en')} characters`,
      )
      .nullable()
      .optional(),
    markedForReview: z.boolean({ error: 'markedForReview must be true or false' }).optional(),
  })
  .superRefine((answer, ctx) => {
    const given = ANSWER_FIELDS.filter((field) => answer[field] != null);
    if (given.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [given[1] as string],
        message:
          given.length === 2 && given[0] === 'selectedOptionId' && given[1] === 'text'
            ? 'An answer is either a chosen option or a text, not both'
            : ATTEMPT_MESSAGES.oneKindOfAnswer,
      });
    }
    if (answer.unit != null && answer.number == null && answer.unit !== '') {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'A unit needs a number' });
    }
  });
export type AnswerInput = z.infer<typeof answerInputSchema>;

const answersSchema = z
  .array(answerInputSchema, { error: 'answers must be a list' })
  .max(
    ATTEMPT_LIMITS.answersPerSave,
    `A save can hold at most ${ATTEMPT_LIMITS.answersPerSave} answers`,
  )
  .superRefine((answers, ctx) => {
    const seen = new Set<string>();
    answers.forEach((answer, index) => {
      const id = answer.questionId.toLowerCase();
      if (seen.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'questionId'],
          message: ATTEMPT_MESSAGES.duplicateQuestion,
        });
      }
      seen.add(id);
    });
  });

export const saveAnswersSchema = z.object({ seq: seqSchema, answers: answersSchema });
export type SaveAnswersPayload = z.infer<typeof saveAnswersSchema>;

/** The final save that may come with a submit. */
export const submitExamSchema = z
  .object({ seq: seqSchema.optional(), answers: answersSchema.optional() })
  .refine((body) => body.answers === undefined || body.seq !== undefined, {
    message: 'seq is required with answers',
    path: ['seq'],
  });
export type SubmitExamPayload = z.infer<typeof submitExamSchema>;

export const openSectionSchema = z.object({
  sectionId: z.uuid('The section id is not valid'),
});

export const grantExtraTimeSchema = z.object({
  examId: z.uuid('The exam id is not valid'),
  studentId: z.uuid('The student id is not valid'),
  minutes: wholeNumber('Extra time', {
    ...ATTEMPT_LIMITS.extraMinutes,
    unit: ' minutes',
    minMessage: 'Extra time must be at least 1 minute',
  }),
});
export type GrantExtraTimePayload = z.infer<typeof grantExtraTimeSchema>;

export const sittingsQuerySchema = searchQuerySchema.extend({ section: audienceSectionFilter });
export type SittingsQuery = z.output<typeof sittingsQuerySchema>;

// --- Responses --------------------------------------------------------------------------------

export const attemptSummarySchema = z.object({
  _id: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  deadlineAt: z.string(),
  submittedAt: z.string().nullable(),
  submitTrigger: z.enum(SUBMIT_TRIGGERS).nullable(),
  /** The highest `seq` saved so far: a new tab continues after it. */
  lastSeq: z.number(),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

/** A published exam as a student of one of its sections sees it; never its answer key. */
export const myExamSchema = examListItemSchema
  .pick({
    _id: true,
    examId: true,
    examTitle: true,
    subject: true,
    examMode: true,
    duration: true,
    totalMarks: true,
    passingMarks: true,
    scheduleDetails: true,
  })
  .extend({
    availability: z.enum(EXAM_AVAILABILITIES),
    /** Instants (ISO 8601): the lobby opens, Start is enabled, the window ends. */
    lobbyOpensAt: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    attempt: attemptSummarySchema
      .pick({ _id: true, status: true, deadlineAt: true, submittedAt: true, submitTrigger: true })
      .nullable(),
    /** Whether the admin has published the results: the student's result can be read. */
    resultsPublished: z.boolean(),
  });
export type MyExam = z.infer<typeof myExamSchema>;

export const myExamsDataSchema = z.object({ exams: z.array(myExamSchema), serverNow: z.string() });

/** A section as the lobby lists it. */
export const lobbySectionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  totalQuestions: z.number(),
  marks: z.number(),
  timeLimit: z.number(),
  isOptional: z.boolean(),
  instructions: z.array(z.string()),
  /** Internal choice: answer any K of the section's questions, the best K count; null: all. */
  answerAny: z.number().nullable(),
});

export const lobbyDataSchema = z.object({
  exam: myExamSchema.extend({
    examDescription: z.string(),
    generalInstructions: z.array(z.string()),
    sections: z.array(lobbySectionSchema),
  }),
  serverNow: z.string(),
  /** Signed URLs of the images its content shows, by media id (see media.ts). */
  mediaUrls: mediaUrlsSchema.optional(),
});
export type LobbyData = z.infer<typeof lobbyDataSchema>;

// Strict objects: a key that is not named here (an answer key) fails the response's schema.
export const studentQuestionSchema = z.strictObject({
  _id: z.string(),
  questionText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  marks: z.number(),
  options: z.array(z.strictObject({ _id: z.string(), text: z.string() })).optional(),
  minWordCount: z.number().optional(),
  maxWordCount: z.number().optional(),
  /** A numerical question's units, to choose from; empty when it has none. */
  units: z.array(z.string()).optional(),
  /** A fill-in-the-blanks question's number of `[[n]]` blanks in its text. */
  blankCount: z.number().optional(),
  /** A matching question's prompts, and the matches to choose from (never in the key's order). */
  prompts: z.array(z.strictObject({ _id: z.string(), text: z.string() })).optional(),
  matches: z.array(z.strictObject({ _id: z.string(), text: z.string() })).optional(),
  /** An ordering question's items, shuffled and never already in the right order. */
  items: z.array(z.strictObject({ _id: z.string(), text: z.string() })).optional(),
  /** A file upload question's kinds of file, how many it takes and the size of each. */
  fileTypes: z.array(z.enum(FILE_KINDS)).optional(),
  maxFiles: z.number().optional(),
  maxFileMb: z.number().optional(),
});
export type StudentQuestion = z.infer<typeof studentQuestionSchema>;

export const studentSectionSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  instructions: z.array(z.string()),
  timeLimit: z.number(),
  isOptional: z.boolean(),
  /** A timed section's own deadline, from the moment it was first opened; null until then. */
  deadlineAt: z.string().nullable(),
  /** How many questions the section has, shown or not. */
  totalQuestions: z.number(),
  /** Internal choice: answer any K of the section's questions, the best K count; null: all. */
  answerAny: z.number().nullable(),
  /** Empty for a timed section not opened yet: its clock starts when its questions are shown. */
  questions: z.array(studentQuestionSchema),
});
export type StudentSection = z.infer<typeof studentSectionSchema>;

export const savedAnswerSchema = z.strictObject({
  questionId: z.string(),
  selectedOptionId: z.string().nullable(),
  text: z.string().nullable(),
  /** A multiple select question's chosen options. */
  selectedOptionIds: z.array(z.string()).optional(),
  /** A numerical question's number as typed, and its unit. */
  number: z.string().nullable().optional(),
  unit: z.string().nullable().optional(),
  /** A fill-in-the-blanks question's entries, a matching one's pairs, an ordering one's order. */
  blanks: z.array(z.string()).optional(),
  matches: z.record(z.string(), z.string()).optional(),
  order: z.array(z.string()).optional(),
  /** A file upload question's files, in the student's order (see `files` for each one's name). */
  fileIds: z.array(z.string()).optional(),
  markedForReview: z.boolean(),
  seq: z.number(),
  savedAt: z.string(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/**
 * `GET /admin/get-exam-preview/{examId}`: the paper as a student is shown it, in the exam's own
 * order and without any key, for the admin to check before (or after) publishing.
 */
export const examPreviewDataSchema = z.object({
  exam: examListItemSchema
    .pick({
      _id: true,
      examTitle: true,
      subject: true,
      examMode: true,
      examStatus: true,
      duration: true,
      totalMarks: true,
    })
    .extend({
      examDescription: z.string(),
      generalInstructions: z.array(z.string()),
      /** Each student gets the questions, or the options, in an order of their own. */
      shuffleQuestions: z.boolean(),
      shuffleOptions: z.boolean(),
    }),
  sections: z.array(studentSectionSchema),
  /** Signed URLs of the images its content shows, by media id (see media.ts). */
  mediaUrls: mediaUrlsSchema.optional(),
});
export type ExamPreviewData = z.infer<typeof examPreviewDataSchema>;

/** What start-exam and get-attempt answer: everything the attempt page needs. */
export const attemptViewSchema = z.object({
  attempt: attemptSummarySchema,
  exam: examListItemSchema.pick({
    _id: true,
    examTitle: true,
    subject: true,
    examMode: true,
    duration: true,
    totalMarks: true,
  }),
  serverNow: z.string(),
  remainingMs: z.number(),
  sections: z.array(studentSectionSchema),
  answers: z.array(savedAnswerSchema),
  /** Every file the student has uploaded in this attempt, listed in an answer or not (yet). */
  files: z.array(answerFileSchema),
  /** Signed URLs of the images its content shows, by media id (see media.ts). */
  mediaUrls: mediaUrlsSchema.optional(),
});
export type AttemptView = z.infer<typeof attemptViewSchema>;

export const saveAnswersResultSchema = z.object({
  ackSeq: z.number(),
  remainingMs: z.number(),
  status: z.enum(ATTEMPT_STATUSES),
  deadlineAt: z.string(),
  /** True when another tab or device had saved a newer change to this attempt. */
  conflict: z.boolean(),
  /** Sections whose own time is over: their answers in this save were not stored. */
  closedSectionIds: z.array(z.string()),
});
export type SaveAnswersResult = z.infer<typeof saveAnswersResultSchema>;

export const openSectionResultSchema = z.object({
  sectionId: z.string(),
  deadlineAt: z.string().nullable(),
  remainingMs: z.number(),
  /** The section's questions as the attempt shows them, now that its clock runs. */
  questions: z.array(studentQuestionSchema),
  /** Signed URLs of the images its content shows, by media id (see media.ts). */
  mediaUrls: mediaUrlsSchema.optional(),
});

export const submitResultSchema = z.object({
  attempt: attemptSummarySchema,
  answersSaved: z.number(),
});
export type SubmitResult = z.infer<typeof submitResultSchema>;

export const sittingSchema = z.object({
  student: z.object({
    _id: z.string(),
    studentId: z.string(),
    rollNumber: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** The student's section, 'CSE · A': an exam may be sat by several branches. */
    section: z.string(),
  }),
  status: z.enum(SITTING_STATUSES),
  attemptId: z.string().nullable(),
  startedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  answersSaved: z.number(),
  /** The questions of the student's own paper (a drawn section's, their draw), out of which. */
  totalQuestions: z.number(),
  extraMinutes: z.number(),
});
export type Sitting = z.infer<typeof sittingSchema>;

export const sittingsDataSchema = z.object({
  exam: examListItemSchema.pick({
    _id: true,
    examId: true,
    examTitle: true,
    subject: true,
    examMode: true,
    duration: true,
    scheduleDetails: true,
  }),
  attempts: z.array(sittingSchema),
  /** The sections of the exam's audience, which `?section=` filters by. */
  audienceSections: z.array(audienceSectionSchema),
  pagination: paginationSchema,
});
export type SittingsData = z.infer<typeof sittingsDataSchema>;

export const grantExtraTimeDataSchema = z.object({
  allowance: z.object({ examId: z.string(), studentId: z.string(), extraMinutes: z.number() }),
  attempt: attemptSummarySchema.nullable(),
});

// --- Ending an exam now (POST /admin/end-exam-now/{examId}) -----------------------------------

export const END_EXAM_MESSAGES = {
  ended: (submitted: number) =>
    `Exam ended: ${submitted.toLocaleString('en')} ${submitted === 1 ? 'attempt was' : 'attempts were'} submitted`,
  draft: 'This exam is a draft: nobody is sitting it',
  notStarted: 'This exam has not started yet: it can be ended once it is running',
  alreadyEnded: 'This exam has already ended',
  startedThisMinute:
    'This exam started less than a minute ago: it can be ended from the next minute',
  /** Shown to a proctored student whose attempt it submitted. */
  endedForStudent: 'The admin ended the exam: your saved answers were submitted',
  failed: 'Failed to end the exam',
} as const;

/** The exam's schedule as it now reads (its end moved to now) and how many attempts it submitted. */
export const endExamNowDataSchema = z.object({
  submitted: z.number(),
  scheduleDetails: scheduleDetailsSchema,
});
export type EndExamNowData = z.infer<typeof endExamNowDataSchema>;

/** Words of a written answer, as the attempt page counts them against the expected range. */
export function wordCount(text: string): number {
  const words = text.trim().match(/\S+/g);
  return words ? words.length : 0;
}
