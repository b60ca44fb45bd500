import { z } from 'zod';
import { paginationSchema } from './api';
import { ATTEMPT_STATUSES, answerFileSchema, optionIdSchema, partIdSchema } from './attempts';
import {
  audienceSectionFilter,
  audienceSectionSchema,
  blankKeySchema,
  blanksSchema,
  EXAM_LIMITS,
  examListItemSchema,
  numericAnswersSchema,
  QUESTION_TYPES,
  TOLERANCE_TYPES,
} from './exams';
import { searchQuerySchema } from './find';
import { mediaUrlsSchema } from './media';
import { pageQuerySchema } from './people';

// --- Enumerations -----------------------------------------------------------------------------

/**
 * Where an exam's results stand (the spec's dashboard samples): answers left to mark or the
 * exam still running, everything marked, or published to the students.
 */
export const RESULT_STATUSES = ['Evaluating', 'Ready to Publish', 'Published'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const REGRADE_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
export type RegradeStatus = (typeof REGRADE_STATUSES)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Written questions (and uploaded working) are marked by an evaluator; every other type is scored
 * by the server.
 */
export const WRITTEN_QUESTION_TYPES = ['SHORT_ANSWER', 'LONG_ANSWER', 'FILE_UPLOAD'] as const;
export const isWrittenQuestion = (type: string) =>
  (WRITTEN_QUESTION_TYPES as readonly string[]).includes(type);

export const MARK_STEP = 0.5;

export const RESULT_MESSAGES = {
  examNotFound: 'Exam not found',
  answerNotFound: 'Answer not found',
  questionNotFound: 'Question not found',
  jobNotFound: 'Regrade not found',
  notEvaluator: 'You are not an evaluator of this exam',
  overrideReasonRequired: 'Give the reason for changing an automatic score',
  marksAboveQuestion: (max: number) => `Marks cannot exceed the question's ${max} marks`,
  notSubmitted: 'This answer belongs to an exam still being sat',
  examNotEnded: 'The exam has not ended yet: results can be published once every sitting is over',
  answersToMark: (count: number) =>
    `${count.toLocaleString('en')} ${count === 1 ? 'answer is' : 'answers are'} still to be marked`,
  alreadyPublished: 'The results of this exam are already published',
  published: 'Results published',
  notPublished: 'Results are not published yet',
  noResult: 'You have no result for this exam: you did not submit it',
  graded: 'Marks saved',
  evaluatorsSaved: 'Evaluators saved',
  evaluatorNotFaculty: 'Every evaluator must be a faculty member',
  regradeChoiceOnly: 'Only a question the server scores can be regraded',
  regradeSameKey: 'This is already the key in force',
  regradeEveryPrompt: 'Give each prompt one of the question’s matches',
  regradeSameOption: 'This option is already the correct one',
  regradeSameOptions: 'These options are already the correct ones',
  regradeSameAnswers: 'These are already the accepted answers',
  regradeKeyMissing: 'Give the corrected key of this question',
  regradeWhileSitting:
    'The exam is still being sat: an answer key can be corrected once every sitting is over',
  regradeRunning: 'A regrade of this exam is already running',
  regradeStarted: 'Regrade started',
  flagReversed: 'More low scorers than high scorers answered it correctly: check the answer key',
  flagNobodyCorrect: 'Nobody answered it correctly: check the answer key',
} as const;

export const REPORT_LIMITS = {
  histogramBins: 10,
  /** The share of attempts in each of the upper and lower groups of the discrimination index. */
  discriminationGroup: 0.27,
  /** Fewer submitted attempts than this leave the discrimination index out: too few to tell. */
  discriminationMinimum: 10,
  /** How many changed results a regrade lists; its counts cover all of them. */
  regradeChangesListed: 500,
  /** How many of the values given most often a numerical question's figures list. */
  commonValues: 5,
} as const;

// --- Requests ---------------------------------------------------------------------------------

/**
 * An answer as its marker knows it: an opaque id of 64 base64url characters, made for that marker
 * alone and naming neither the attempt nor the student.
 */
export const answerIdSchema = z
  .string({ error: 'The answer id is not valid' })
  .regex(/^[A-Za-z0-9_-]{64}$/, 'The answer id is not valid');

export const GRADE_LIMITS = { comment: 2_000, reason: 500, evaluators: 50 } as const;

export const gradeAnswerSchema = z.object({
  answerId: answerIdSchema,
  marks: z
    .number({ error: 'Marks must be a number' })
    .min(0, 'Marks cannot be below 0')
    .max(1_000, 'Marks cannot exceed 1000')
    .multipleOf(MARK_STEP, 'Marks go in steps of 0.5'),
  comment: z
    .string({ error: 'The comment must be text' })
    .trim()
    .max(
      GRADE_LIMITS.comment,
      `A comment cannot exceed ${GRADE_LIMITS.comment.toLocaleString('en')} characters`,
    )
    .optional(),
  /**
   * Why the marks of an answer the server scored (a choice, a number, blanks, pairs, an order)
   * are changed: required for those, kept with the marks and in the audit log. A written answer's
   * marks take none (its comment says why).
   */
  reason: z
    .string({ error: 'The reason must be text' })
    .trim()
    .max(
      GRADE_LIMITS.reason,
      `A reason cannot exceed ${GRADE_LIMITS.reason.toLocaleString('en')} characters`,
    )
    .optional(),
});
export type GradeAnswerPayload = z.infer<typeof gradeAnswerSchema>;

export const answersToGradeQuerySchema = pageQuerySchema.extend({
  questionId: z.uuid('The question id is not valid').optional(),
  /** One script: every written answer of the attempt with this anonymous code. */
  attemptCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/i, 'The attempt code is not valid')
    .optional(),
});
export type AnswersToGradeQuery = z.output<typeof answersToGradeQuerySchema>;

export const setEvaluatorsSchema = z.object({
  evaluatorIds: z
    .array(z.uuid('An evaluator id is not valid'), { error: 'evaluatorIds must be a list' })
    .max(GRADE_LIMITS.evaluators, `At most ${GRADE_LIMITS.evaluators} evaluators`)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      message: 'An evaluator can be chosen only once',
    }),
});
export type SetEvaluatorsPayload = z.infer<typeof setEvaluatorsSchema>;

export const resultsQuerySchema = searchQuerySchema.extend({ section: audienceSectionFilter });
export type ResultsQuery = z.output<typeof resultsQuerySchema>;

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'The format must be csv or xlsx' }).default('csv'),
});

/**
 * A corrected key, in the field of the question's type: the correct option of a single-choice
 * question, the correct options of a multiple select one, the accepted answers of a numerical one,
 * each blank's accepted answers, each prompt's match (by the ids a student is shown), the items'
 * ids in the right order.
 */
export const regradeSchema = z.object({
  questionId: z.uuid('The question id is not valid'),
  correctOptionId: optionIdSchema.optional(),
  correctOptionIds: z
    .array(optionIdSchema, { error: 'correctOptionIds must be a list of option ids' })
    .min(1, 'At least one option must be marked as correct')
    .max(EXAM_LIMITS.multiSelectOptions.max, 'A question has at most 10 options')
    .refine((ids) => new Set(ids).size === ids.length, 'An option can be chosen only once')
    .optional(),
  numericAnswers: numericAnswersSchema.optional(),
  blanks: blanksSchema.optional(),
  correctMatches: z
    .record(partIdSchema, partIdSchema, {
      error: 'correctMatches must map each prompt id to a match id',
    })
    .optional(),
  correctOrder: z
    .array(partIdSchema, { error: 'correctOrder must be a list of item ids' })
    .max(
      EXAM_LIMITS.orderingItems.max,
      `A question has at most ${EXAM_LIMITS.orderingItems.max} items`,
    )
    .optional(),
  /** True: only report whose results would change; nothing is written. */
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
});
export type RegradePayload = z.input<typeof regradeSchema>;
export type RegradeRequest = z.output<typeof regradeSchema>;

export const regradeJobParamSchema = z.object({ jobId: z.uuid('The regrade id is not valid') });

// --- Responses --------------------------------------------------------------------------------

export const gradingProgressSchema = z.object({ marked: z.number(), total: z.number() });
export type GradingProgress = z.infer<typeof gradingProgressSchema>;

const examHeadSchema = examListItemSchema.pick({
  _id: true,
  examId: true,
  examTitle: true,
  subject: true,
  examMode: true,
  totalMarks: true,
  passingMarks: true,
  scheduleDetails: true,
});

export const facultyExamSchema = examHeadSchema.extend({
  /** Whether the faculty member proctors it, evaluates it, or both. */
  roles: z.array(z.enum(['PROCTOR', 'EVALUATOR'])),
  resultStatus: z.enum(RESULT_STATUSES),
  gradingProgress: gradingProgressSchema,
});
export type FacultyExam = z.infer<typeof facultyExamSchema>;

export const facultyExamsDataSchema = z.object({ exams: z.array(facultyExamSchema) });

/** A written question as its evaluator sees it: with the key a marker needs. */
export const questionToGradeSchema = z.object({
  _id: z.string(),
  sectionName: z.string(),
  position: z.number(),
  questionText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  marks: z.number(),
  modelAnswer: z.string().nullable(),
  sampleAnswer: z.string().nullable(),
  keywords: z.array(z.string()),
  minWordCount: z.number().nullable(),
  maxWordCount: z.number().nullable(),
  progress: gradingProgressSchema,
});
export type QuestionToGrade = z.infer<typeof questionToGradeSchema>;

export const answerToGradeSchema = z.object({
  _id: z.string(),
  /** Who wrote it, blind: an anonymous code until the results are published. */
  attemptCode: z.string(),
  /** The student's name once the results are published; null while marking is blind. */
  studentName: z.string().nullable(),
  questionId: z.string(),
  text: z.string(),
  /** A file upload question's files, in the student's order; absent for a written answer. */
  files: z.array(answerFileSchema).optional(),
  marks: z.number().nullable(),
  comment: z.string().nullable(),
  markedAt: z.string().nullable(),
});
export type AnswerToGrade = z.infer<typeof answerToGradeSchema>;

/**
 * An answer of one script that the server scored, as its evaluator reviews it: the question, the
 * answer as a reader reads it, and the marks it has, the server's or a marker's change of them.
 */
export const scoredAnswerSchema = z.object({
  _id: z.string(),
  questionId: z.string(),
  sectionName: z.string(),
  /** The question's number through the exam, as the results and reports number it. */
  number: z.number(),
  questionText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  outOf: z.number(),
  answer: z.string(),
  marks: z.number(),
  /** Why a marker changed the server's score; null while the server's score stands. */
  overrideReason: z.string().nullable(),
  markedAt: z.string().nullable(),
  /**
   * In a section with internal choice: whether this answer is one of the student's best K, which
   * count. Absent where every answer counts, and for a question not answered.
   */
  counted: z.boolean().optional(),
});
export type ScoredAnswer = z.infer<typeof scoredAnswerSchema>;

export const answersToGradeDataSchema = z.object({
  exam: examHeadSchema.extend({ resultStatus: z.enum(RESULT_STATUSES) }),
  /** Every written question of the exam, in order, with its progress. */
  questions: z.array(questionToGradeSchema),
  /** The scripts (attempts) by their codes, with each one's progress. */
  scripts: z.array(z.object({ attemptCode: z.string(), progress: gradingProgressSchema })),
  answers: z.array(answerToGradeSchema),
  /** With one script asked for (`attemptCode`): its answers the server scored, in paper order. */
  scoredAnswers: z.array(scoredAnswerSchema),
  pagination: paginationSchema,
  /**
   * True while the exam's sittings go on and the marker also proctors it: no script is shown,
   * since one appearing as the monitor shows a student submit would say whose it is.
   */
  scriptsHeld: z.boolean(),
  /** Signed URLs of the images its content shows, by media id (see media.ts). */
  mediaUrls: mediaUrlsSchema.optional(),
});
export type AnswersToGradeData = z.infer<typeof answersToGradeDataSchema>;

export const sectionScoreSchema = z.object({
  sectionId: z.string(),
  name: z.string(),
  marks: z.number(),
  maxMarks: z.number(),
  isOptional: z.boolean(),
  /** Whether it counts towards the total: always for a required section, when answered else. */
  counted: z.boolean(),
});
export type SectionScore = z.infer<typeof sectionScoreSchema>;

/**
 * A row of an exam's results: a submitted attempt, or once the exam has ended a student of its
 * audience who never started (ABSENT: no attempt, no marks, neither passed nor failed).
 */
export const examResultSchema = z.object({
  status: z.enum(['SUBMITTED', 'ABSENT']),
  attemptId: z.string().nullable(),
  attemptCode: z.string().nullable(),
  student: z.object({
    _id: z.string(),
    studentId: z.string(),
    rollNumber: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** The student's section, 'CSE · A': an exam may be sat by several branches. */
    section: z.string(),
  }),
  submittedAt: z.string().nullable(),
  sections: z.array(sectionScoreSchema),
  total: z.number().nullable(),
  /** Written answers of this attempt still to be marked; its total is provisional until 0. */
  toMark: z.number(),
  passed: z.boolean().nullable(),
  /** The proctors' flags (error alerts) on this attempt by review status; all 0 unproctored. */
  flags: z.object({ pending: z.number(), dismissed: z.number(), confirmed: z.number() }),
});
export type ExamResult = z.infer<typeof examResultSchema>;

export const resultSummarySchema = z.object({
  participants: z.number(),
  submitted: z.number(),
  /** Students of the audience who never started, once the exam has ended; 0 before. */
  absent: z.number(),
  average: z.number().nullable(),
  median: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  /**
   * Share of the submitted attempts that passed, 0 to 1; null without any. Like the average,
   * median, highest and lowest, it counts the absent as 0, failed, where the institution says so.
   */
  passRate: z.number().nullable(),
  answersToMark: z.number(),
});
export type ResultSummary = z.infer<typeof resultSummarySchema>;

export const examResultsDataSchema = z.object({
  exam: examHeadSchema.extend({
    showAnswersAfterPublish: z.boolean(),
    resultsPublishedAt: z.string().nullable(),
  }),
  resultStatus: z.enum(RESULT_STATUSES),
  /** Whether every sitting is over, which publishing needs besides every answer marked. */
  sittingsOver: z.boolean(),
  summary: resultSummarySchema,
  results: z.array(examResultSchema),
  /** The sections of the exam's audience, which `?section=` filters by. */
  audienceSections: z.array(audienceSectionSchema),
  pagination: paginationSchema,
});
export type ExamResultsData = z.infer<typeof examResultsDataSchema>;

export const publishResultsDataSchema = z.object({
  resultStatus: z.literal('Published'),
  resultsPublishedAt: z.string(),
});

export const evaluatorSchema = z.object({
  _id: z.string(),
  facultyId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type Evaluator = z.infer<typeof evaluatorSchema>;

export const evaluatorsDataSchema = z.object({
  /** Chosen by the admin, or the exam's proctors while none is chosen. */
  evaluators: z.array(evaluatorSchema),
  chosenByAdmin: z.boolean(),
});
export type EvaluatorsData = z.infer<typeof evaluatorsDataSchema>;

export const questionStatisticSchema = z.object({
  questionId: z.string(),
  sectionName: z.string(),
  position: z.number(),
  questionText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  marks: z.number(),
  answered: z.number(),
  /**
   * The submitted attempts that were given it: all of them for a listed question, those whose
   * paper drew it for a drawn one. Its rates are over these.
   */
  given: z.number(),
  /** Share of the attempts given it scoring full marks on it (difficulty), 0 to 1. */
  correctRate: z.number().nullable(),
  /** Upper 27% minus lower 27% correct shares, -1 to 1; null with too few attempts. */
  discrimination: z.number().nullable(),
  /** Why the question looks broken, or null. */
  flag: z.string().nullable(),
  /** A choice question's options and the key in force, for correcting it; null when written. */
  options: z.array(z.object({ _id: z.string(), text: z.string() })).nullable(),
  correctOptionId: z.string().nullable(),
  /** A multiple select question's key. */
  correctOptionIds: z.array(z.string()).nullable(),
  /** A numerical question's accepted answers and the unit they are in; null for other types. */
  numericAnswers: z
    .array(
      z.object({
        value: z.number(),
        tolerance: z.number(),
        toleranceType: z.enum(TOLERANCE_TYPES),
        fraction: z.number(),
      }),
    )
    .nullable(),
  answerUnit: z.string().nullable(),
  /** How many submitted scripts chose each option, in the options' order; null when written. */
  optionChoices: z.array(z.number()).nullable(),
  /** A numerical question's values given most often, as typed with their unit, and their marks. */
  commonValues: z
    .array(z.object({ value: z.string(), count: z.number(), awardedMarks: z.number() }))
    .nullable(),
  /**
   * The key in force of a question with parts, for correcting it: each blank's accepted answers;
   * the prompts, the matches offered and each prompt's match; the items and their right order.
   * Null (each) for the other types.
   */
  blanks: z.array(blankKeySchema).nullable(),
  prompts: z.array(z.object({ _id: z.string(), text: z.string() })).nullable(),
  matchChoices: z.array(z.object({ _id: z.string(), text: z.string() })).nullable(),
  correctMatches: z.record(z.string(), z.string()).nullable(),
  items: z.array(z.object({ _id: z.string(), text: z.string() })).nullable(),
  correctOrder: z.array(z.string()).nullable(),
  /**
   * How many submitted scripts got each part right: each blank, each prompt's match, each item's
   * place; null for the types without parts.
   */
  partsRight: z.array(z.object({ label: z.string(), right: z.number() })).nullable(),
});
export type QuestionStatistic = z.infer<typeof questionStatisticSchema>;

export const examReportDataSchema = z.object({
  exam: examHeadSchema,
  resultStatus: z.enum(RESULT_STATUSES),
  summary: resultSummarySchema,
  /** Counts of totals in equal bins from 0 to the exam's total marks. */
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  sections: z.array(
    z.object({
      sectionId: z.string(),
      name: z.string(),
      maxMarks: z.number(),
      average: z.number().nullable(),
    }),
  ),
  /**
   * The submitted attempts of each section of the audience (the students' sections, not the
   * exam's): how many, their average total and their pass rate (null without any).
   */
  audienceSections: z.array(
    audienceSectionSchema.extend({
      submitted: z.number(),
      average: z.number().nullable(),
      passRate: z.number().nullable(),
    }),
  ),
  questions: z.array(questionStatisticSchema),
  /** Signed URLs of the images its content shows, by media id (see media.ts). */
  mediaUrls: mediaUrlsSchema.optional(),
});
export type ExamReportData = z.infer<typeof examReportDataSchema>;

export const regradeChangeSchema = z.object({
  attemptCode: z.string(),
  studentName: z.string(),
  rollNumber: z.string(),
  totalBefore: z.number(),
  totalAfter: z.number(),
  passedBefore: z.boolean(),
  passedAfter: z.boolean(),
});

export const regradeJobSchema = z.object({
  _id: z.string(),
  questionId: z.string(),
  /** The key before and after, as the question's type holds it; the others are null. */
  previousCorrectOptionId: z.string().nullable(),
  correctOptionId: z.string().nullable(),
  /** The corrected key as a reader reads it: `B`, `A, C`, `0.012 ± 2% A`. */
  correctKey: z.string(),
  status: z.enum(REGRADE_STATUSES),
  total: z.number(),
  processed: z.number(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RegradeJob = z.infer<typeof regradeJobSchema>;

export const regradeDataSchema = z.object({
  /** The attempts whose total or pass/fail changes, at most 500 of them listed. */
  changes: z.array(regradeChangeSchema),
  attemptsAffected: z.number(),
  passChanges: z.number(),
  /** The job applying it; null on a dry run. */
  job: regradeJobSchema.nullable(),
});
export type RegradeData = z.infer<typeof regradeDataSchema>;

/** A question's answer and key as the student reads them in a published result. */
export const resultQuestionSchema = z.object({
  _id: z.string(),
  questionText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  marks: z.number(),
  awardedMarks: z.number().nullable(),
  options: z.array(z.object({ _id: z.string(), text: z.string() })).optional(),
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
  /** A file upload question's files, in the student's order. */
  files: z.array(answerFileSchema).optional(),
  /** A matching question's prompts and the matches offered, an ordering question's items. */
  prompts: z.array(z.object({ _id: z.string(), text: z.string() })).optional(),
  matchChoices: z.array(z.object({ _id: z.string(), text: z.string() })).optional(),
  items: z.array(z.object({ _id: z.string(), text: z.string() })).optional(),
  comment: z.string().nullable(),
  /** Present only when the exam shows answers and explanations after publishing. */
  correctOptionId: z.string().nullable().optional(),
  correctOptionIds: z.array(z.string()).optional(),
  /** A numerical question's accepted answers as a reader writes them: `0.012 ± 2% A`. */
  acceptedAnswers: z.array(z.string()).optional(),
  /** Each blank's accepted answers, as a reader writes them. */
  acceptedBlanks: z.array(z.array(z.string())).optional(),
  /** A matching question's right match of each prompt, and an ordering question's right order. */
  correctMatches: z.record(z.string(), z.string()).optional(),
  correctOrder: z.array(z.string()).optional(),
  modelAnswer: z.string().nullable().optional(),
  explanation: z.string().optional(),
  /**
   * In a section with internal choice: whether this answer is one of the best K that count.
   * Absent where every answer counts, and for a question not answered.
   */
  counted: z.boolean().optional(),
});
export type ResultQuestion = z.infer<typeof resultQuestionSchema>;

export const studentResultDataSchema = z.object({
  exam: examHeadSchema.extend({ showAnswersAfterPublish: z.boolean() }),
  total: z.number(),
  passed: z.boolean(),
  submittedAt: z.string().nullable(),
  sections: z.array(
    sectionScoreSchema.extend({
      /** Internal choice: the best K answers count. Absent where every answer counts. */
      answerAny: z.number().optional(),
      /** The questions the student was given (in a drawn section, their own). */
      questions: z.array(resultQuestionSchema),
    }),
  ),
  /** Signed URLs of the images its content shows, by media id (see media.ts). */
  mediaUrls: mediaUrlsSchema.optional(),
});
export type StudentResultData = z.infer<typeof studentResultDataSchema>;

/** A completed exam on the dashboard's Result Publishing Status and the results list. */
export const examResultStatusSchema = examHeadSchema.extend({
  resultStatus: z.enum(RESULT_STATUSES),
  submitted: z.number(),
  answersToMark: z.number(),
});
export type ExamResultStatus = z.infer<typeof examResultStatusSchema>;

export const resultStatusesQuerySchema = pageQuerySchema.extend({
  status: z.enum(RESULT_STATUSES, { error: 'The status is not valid' }).optional(),
});

export const resultStatusesDataSchema = z.object({
  exams: z.array(examResultStatusSchema),
  pagination: paginationSchema,
});
export type ResultStatusesData = z.infer<typeof resultStatusesDataSchema>;

/** The result a total earns: passing marks reached. */
export function hasPassed(total: number, passingMarks: number): boolean {
  return total >= passingMarks;
}

/**
 * One exam a student sat (an attempt, in progress or submitted), as the student's page lists it:
 * the score and the result only once the results are published.
 */
export const studentExamSchema = z.object({
  attemptId: z.string(),
  exam: examListItemSchema.pick({
    _id: true,
    examId: true,
    examTitle: true,
    subject: true,
    examMode: true,
    totalMarks: true,
  }),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  resultsPublished: z.boolean(),
  total: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type StudentExam = z.infer<typeof studentExamSchema>;

/** `GET /admin/get-student-exams/{id}`: newest attempt first. */
export const studentExamsDataSchema = z.object({ exams: z.array(studentExamSchema) });
export type StudentExamsData = z.infer<typeof studentExamsDataSchema>;
