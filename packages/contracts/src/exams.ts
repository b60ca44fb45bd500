import { z } from 'zod';
import { paginationSchema } from './api';
import {
  BLOOM_LEVEL_LABELS,
  type BloomLevel,
  bloomLevelSchema,
  CATEGORY_SEPARATOR,
  categoryField,
  outcomeCodeField,
  tagsField,
} from './bank-labels';
import { contentField } from './content';
import {
  boundedText,
  idField,
  parseStudentNumber,
  requiredNumber,
  requiredText,
  wholeNumber,
} from './fields';
import { dateField } from './people';
import {
  DEFAULT_PROCTORING_THRESHOLDS,
  PROCTORING_THRESHOLD_MESSAGES,
  proctoringThresholdsSchema,
} from './proctoring-thresholds';

// --- Enumerations (spec section 3) ------------------------------------------------------------

export const EXAM_STATUSES = ['DRAFT', 'PUBLISH'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];
export const examStatusSchema = z.enum(EXAM_STATUSES, {
  error: 'Please select a valid exam status',
});

export const EXAM_MODES = ['AUTO', 'PROCTORING'] as const;
export type ExamMode = (typeof EXAM_MODES)[number];
export const EXAM_MODE_LABELS: Record<ExamMode, string> = {
  AUTO: 'Auto',
  PROCTORING: 'Proctoring',
};
export const examModeSchema = z.enum(EXAM_MODES, { error: 'Please select a valid exam mode' });

export const QUESTION_TYPES = [
  'MCQ',
  'SHORT_ANSWER',
  'LONG_ANSWER',
  'TRUE_FALSE',
  'MULTI_SELECT',
  'NUMERICAL',
  'FILL_IN_BLANKS',
  'MATCHING',
  'ORDERING',
  'FILE_UPLOAD',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  MCQ: 'MCQ (Multiple Choice)',
  SHORT_ANSWER: 'Short Answer',
  LONG_ANSWER: 'Long Answer',
  TRUE_FALSE: 'True/False',
  MULTI_SELECT: 'Multiple Select',
  NUMERICAL: 'Numerical',
  FILL_IN_BLANKS: 'Fill in the Blanks',
  MATCHING: 'Matching',
  ORDERING: 'Ordering',
  FILE_UPLOAD: 'File Upload',
};
/** The types whose answer is one or more of the question's options. */
export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = ['MCQ', 'TRUE_FALSE', 'MULTI_SELECT'];

/** How a question with several right parts is scored: whole or nothing, or part by part. */
export const SCORING_RULES = ['ALL_OR_NOTHING', 'PARTIAL'] as const;
export type ScoringRule = (typeof SCORING_RULES)[number];
export const SCORING_RULE_LABELS: Record<ScoringRule, string> = {
  ALL_OR_NOTHING: 'All or nothing',
  PARTIAL: 'Partial credit',
};
export const TOLERANCE_TYPES = ['ABSOLUTE', 'PERCENT'] as const;
export type ToleranceType = (typeof TOLERANCE_TYPES)[number];
export const TOLERANCE_TYPE_LABELS: Record<ToleranceType, string> = {
  ABSOLUTE: 'Absolute (±)',
  PERCENT: 'Percent (±%)',
};
/** The kinds of file a file upload question may take, decided from a file's bytes. */
export const FILE_KINDS = ['PDF', 'IMAGE'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  PDF: 'PDF',
  IMAGE: 'Image (JPEG, PNG or WebP)',
};
/** The content types of each kind, as a file's bytes say they are. */
export const FILE_KIND_CONTENT_TYPES: Record<FileKind, readonly string[]> = {
  PDF: ['application/pdf'],
  IMAGE: ['image/jpeg', 'image/png', 'image/webp'],
};
/** What a file input offers for each kind. */
export const FILE_KIND_ACCEPT: Record<FileKind, string> = {
  PDF: '.pdf,application/pdf',
  IMAGE: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
};
export const questionTypeSchema = z.enum(QUESTION_TYPES, {
  error: 'Please select a valid question type',
});

export const DIFFICULTIES = ['EASY', 'MEDIUM', 'HARD'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const difficultySchema = z.enum(DIFFICULTIES, { error: 'Please select a valid difficulty' });
export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  EASY: 'Easy',
  MEDIUM: 'Medium',
  HARD: 'Hard',
};

// --- Limits and defaults (spec sections 3 and 9) ----------------------------------------------

export const EXAM_LIMITS = {
  generalInstructions: 10,
  sections: 5,
  questionsPerSection: 50,
  drawRules: 10,
  /** Bank questions all of an exam's draw pools may hold together: copied into it at each save. */
  drawPool: 1000,
  sectionInstructions: 10,
  mcqOptions: { min: 2, max: 4 },
  multiSelectOptions: { min: 2, max: 10 },
  numericAnswers: { min: 1, max: 5 },
  units: 10,
  blanks: { min: 1, max: 20 },
  acceptedPerBlank: 10,
  matchingPairs: { min: 2, max: 12 },
  distractors: 5,
  orderingItems: { min: 2, max: 12 },
  uploadFiles: { min: 1, max: 5 },
  uploadFileMb: { min: 1, max: 20 },
  keywords: { min: 1, max: 10 },
  assignedFaculty: 50,
  targetSections: 50,
  /** Branches beside the first group's that may sit one common paper. */
  additionalAudiences: 10,
} as const;

export const DEFAULT_QUESTION_MARKS: Record<QuestionType, number> = {
  MCQ: 1,
  TRUE_FALSE: 1,
  SHORT_ANSWER: 2,
  LONG_ANSWER: 5,
  MULTI_SELECT: 2,
  NUMERICAL: 2,
  FILL_IN_BLANKS: 2,
  MATCHING: 2,
  ORDERING: 2,
  FILE_UPLOAD: 5,
};
/** A file upload question's defaults: one file of at most 10 MB. */
export const DEFAULT_UPLOAD_SETTINGS = { maxFiles: 1, maxFileMb: 10 } as const;
/** The share of a numerical answer's marks lost when its unit is missing or not one of the question's. */
export const DEFAULT_UNIT_PENALTY = 0.1;
export const DEFAULT_DIFFICULTY: Difficulty = 'MEDIUM';
export const DEFAULT_WORD_RANGE = { min: 150, max: 500 } as const;
/** What the marks, order and word count inputs fall back to when emptied or invalid (spec 5). */
export const NUMBER_FALLBACKS = {
  marks: 1,
  order: 1,
  minWordCount: 50,
  maxWordCount: 100,
} as const;
export const TRUE_FALSE_OPTION_TEXTS = ['True', 'False'] as const;

// --- Step 1: exam information -----------------------------------------------------------------

const listOfLines = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .array(
      contentField(label, {
        min: 1,
        max: 500,
        requiredMessage: `${label} cannot be empty`,
        maxMessage: `${label} cannot exceed 500 characters`,
      }),
      { error: `${label}s must be a list` },
    )
    .min(min, `At least ${min} ${label.toLowerCase()} is required`)
    .max(max, `Maximum ${max} ${label.toLowerCase()}s allowed`);

export const examInfoShape = {
  examTitle: boundedText('Exam title', { min: 3, max: 100 }),
  examDescription: boundedText('Description', { min: 10, max: 500 }),
  subject: boundedText('Subject', { min: 2, max: 50 }),
  totalMarks: wholeNumber('Total marks', { min: 1, max: 200 }),
  passingMarks: wholeNumber('Passing marks', { min: 1, max: 200 }),
  // Its maximum is the institution's setting: `examInfoSchemaFor` and the server check it.
  duration: requiredNumber('Duration is required')
    .int('Duration must be a whole number')
    .min(1, 'Duration must be at least 1 minute'),
  examMode: examModeSchema,
  generalInstructions: listOfLines('Instruction', { min: 1, max: EXAM_LIMITS.generalInstructions }),
  // The server fixes each attempt's order when it starts; these only say whether to shuffle.
  shuffleQuestions: z.boolean({ error: 'Shuffle questions must be true or false' }).default(false),
  shuffleOptions: z.boolean({ error: 'Shuffle options must be true or false' }).default(false),
  /** Whether a published result shows the student the correct answers and explanations. */
  showAnswersAfterPublish: z
    .boolean({ error: 'Show answers after publishing must be true or false' })
    .default(true),
};

function checkPassingMarks(
  value: { totalMarks?: unknown; passingMarks?: unknown },
  ctx: z.RefinementCtx,
) {
  const { totalMarks, passingMarks } = value;
  if (
    typeof totalMarks === 'number' &&
    typeof passingMarks === 'number' &&
    passingMarks > totalMarks
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['passingMarks'],
      message: 'Passing marks cannot exceed total marks',
    });
  }
}

/** The spec's longest paper, the maximum unless the institution's settings raise it. */
export const SPEC_MAX_EXAM_DURATION = 150;
/** The most an institution may raise the maximum duration to. */
export const MAX_EXAM_DURATION_CEILING = 600;

/** 150 → '2.5 hours', 180 → '3 hours', 200 → '3 hours 20 minutes'. */
function hoursOf(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return `${hours} hours`;
  if (rest === 30) return `${hours}.5 hours`;
  return `${hours} hours ${rest} minutes`;
}

/** With the spec's maximum, the spec's own words: 'Duration cannot exceed 2.5 hours (150 minutes)'. */
export function durationLimitMessage(maxDuration: number): string {
  return `Duration cannot exceed ${hoursOf(maxDuration)} (${maxDuration} minutes)`;
}

/** Whether a duration is within the institution's maximum; the message names that maximum. */
export function durationLimitError(duration: number, maxDuration: number): string | undefined {
  return duration > maxDuration ? durationLimitMessage(maxDuration) : undefined;
}

/** Step 1 under the institution's maximum duration. */
export function examInfoSchemaFor(maxDuration: number) {
  return z
    .object({
      ...examInfoShape,
      duration: examInfoShape.duration.max(maxDuration, durationLimitMessage(maxDuration)),
    })
    .superRefine(checkPassingMarks);
}
export type ExamInfoInput = z.input<ReturnType<typeof examInfoSchemaFor>>;

// --- Step 2: target audience ------------------------------------------------------------------

export const FACULTY_REQUIRED_MESSAGE = 'Faculty selection is required for proctoring mode';

export const AUDIENCE_MESSAGES = {
  branchRepeated: 'This branch is already in the audience',
  tooManyGroups: `Maximum ${EXAM_LIMITS.additionalAudiences} more branches allowed`,
  notAList: 'Additional branches must be a list',
} as const;

/** A section of an exam's audience as lists of students name it: its branch's code and its name. */
export function audienceSectionLabel(section: { branchCode: string; name: string }): string {
  return `${section.branchCode} · ${section.name}`;
}

/** One section of an exam's audience, to filter its students by ('CSE · A'). */
export const audienceSectionSchema = z.object({ _id: z.string(), label: z.string() });
export type AudienceSection = z.infer<typeof audienceSectionSchema>;

/** `?section=` of a list of an exam's students: one section of its audience. */
export const audienceSectionFilter = z.uuid('Please select a valid section').optional();

/** A course, branch and sections of the exam's batch: the first group's fields and messages. */
const audienceGroupShape = {
  courseId: idField('Course is required', 'Please select a valid course'),
  branchId: idField('Branch is required', 'Please select a valid branch'),
  sectionIds: z
    .array(z.uuid('Please select a valid section'), { error: 'Section is required' })
    .min(1, 'Section is required')
    .max(EXAM_LIMITS.targetSections, `Maximum ${EXAM_LIMITS.targetSections} sections allowed`),
};

/** One more branch sitting the same paper, in the exam's batch. */
export const additionalAudienceSchema = z.object(audienceGroupShape, {
  error: 'Please select a course, branch and sections',
});
export type AdditionalAudience = z.output<typeof additionalAudienceSchema>;

export const targetAudienceShape = {
  batchId: idField('Batch is required', 'Please select a valid batch'),
  ...audienceGroupShape,
  /**
   * Further branches (of any course of the batch) sitting the same paper. Left out, the audience
   * is the spec's one group.
   */
  additionalAudiences: z
    .array(additionalAudienceSchema, { error: AUDIENCE_MESSAGES.notAList })
    .max(EXAM_LIMITS.additionalAudiences, AUDIENCE_MESSAGES.tooManyGroups)
    .default([]),
  assignedFacultyIds: z
    .array(z.uuid('Please select a valid faculty member'), {
      error: 'Faculty must be a list of faculty members',
    })
    .max(
      EXAM_LIMITS.assignedFaculty,
      `Maximum ${EXAM_LIMITS.assignedFaculty} faculty members allowed`,
    )
    .default([]),
  /**
   * A PROCTORING exam's own warning and flag thresholds, beside its proctors. Optional: absent
   * (or null) leaves the defaults.
   */
  proctoringThresholds: proctoringThresholdsSchema.nullish(),
};

/** Faculty proctor PROCTORING exams only, and such an exam always has at least one. */
function checkFaculty(mode: unknown, ids: unknown, ctx: z.RefinementCtx) {
  const count = Array.isArray(ids) ? ids.length : 0;
  if (mode === 'PROCTORING' && count === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['assignedFacultyIds'],
      message: FACULTY_REQUIRED_MESSAGE,
    });
  }
  if (mode === 'AUTO' && count > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['assignedFacultyIds'],
      message: 'Faculty can only be assigned in proctoring mode',
    });
  }
}

/** Only a PROCTORING exam has proctoring rules: an AUTO exam's signals are never recorded. */
function checkProctoringRules(mode: unknown, rules: unknown, ctx: z.RefinementCtx) {
  if (mode === 'AUTO' && rules !== undefined && rules !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['proctoringThresholds'],
      message: PROCTORING_THRESHOLD_MESSAGES.proctoringOnly,
    });
  }
}

/** Each branch sits once: a branch already in the audience is refused where it is repeated. */
function checkBranchesDistinct(firstBranchId: unknown, groups: unknown, ctx: z.RefinementCtx) {
  if (!Array.isArray(groups)) return;
  const seen = new Set(typeof firstBranchId === 'string' ? [firstBranchId.toLowerCase()] : []);
  groups.forEach((group: { branchId?: unknown }, index) => {
    if (typeof group?.branchId !== 'string' || group.branchId === '') return;
    const key = group.branchId.toLowerCase();
    if (seen.has(key)) {
      ctx.addIssue({
        code: 'custom',
        path: ['additionalAudiences', index, 'branchId'],
        message: AUDIENCE_MESSAGES.branchRepeated,
      });
    } else seen.add(key);
  });
}

export function targetAudienceSchemaFor(mode: ExamMode) {
  return z.object(targetAudienceShape).superRefine((value, ctx) => {
    checkBranchesDistinct(value.branchId, value.additionalAudiences, ctx);
    checkFaculty(mode, value.assignedFacultyIds, ctx);
    checkProctoringRules(mode, value.proctoringThresholds, ctx);
  });
}
export type TargetAudienceInput = z.input<ReturnType<typeof targetAudienceSchemaFor>>;

// --- Step 3: schedule -------------------------------------------------------------------------

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = (requiredMessage: string) =>
  requiredText(requiredMessage).regex(TIME_PATTERN, 'Please enter a valid time');

const bufferField = (label: string) =>
  wholeNumber(label, {
    min: 0,
    max: 60,
    unit: ' minutes',
    minMessage: `${label} cannot be negative`,
  });

const bufferTimeSchema = z.object(
  {
    beforeExam: bufferField('Before exam buffer').default(0),
    afterExam: bufferField('After exam buffer').default(0),
  },
  { error: 'Buffer time is required' },
);

export const proctoringScheduleSchema = z
  .object({
    examDate: dateField('Exam date is required'),
    startTime: timeField('Start time is required'),
    endTime: timeField('End time is required'),
    bufferTime: bufferTimeSchema.default({ beforeExam: 0, afterExam: 0 }),
  })
  .superRefine(
    ({ startTime, endTime }, ctx) => {
      if (TIME_PATTERN.test(String(startTime)) && TIME_PATTERN.test(String(endTime))) {
        if (String(endTime) <= String(startTime)) {
          ctx.addIssue({
            code: 'custom',
            path: ['endTime'],
            message: 'End time must be after start time',
          });
        }
      }
    },
    { when: () => true },
  );

/** A date read only to compare it with another: its own messages are the fields'. */
const comparableDate = dateField('');

/** An optional clock time: left out, or sent empty by a form, it is the day's default. */
const optionalTimeField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string({ error: 'Please enter a valid time' })
    .regex(TIME_PATTERN, 'Please enter a valid time')
    .optional(),
);

/**
 * An AUTO exam runs from its start date's start time (midnight unless given) to its end date's
 * end time (the end of that day unless given).
 */
export const autoScheduleSchema = z
  .object({
    startDate: dateField('Start date is required'),
    endDate: dateField('End date is required'),
    startTime: optionalTimeField,
    endTime: optionalTimeField,
    bufferTime: bufferTimeSchema.default({ beforeExam: 0, afterExam: 0 }),
  })
  .superRefine(
    ({ startDate, endDate, startTime, endTime }, ctx) => {
      const start = comparableDate.safeParse(startDate);
      const end = comparableDate.safeParse(endDate);
      if (!start.success || !end.success) return;
      if (end.data < start.data) {
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: 'End date must be after or same as start date',
        });
        return;
      }
      const clock = (time: unknown, fallback: string) =>
        TIME_PATTERN.test(String(time)) ? String(time) : time === undefined ? fallback : null;
      const startsAt = clock(startTime, '00:00');
      const endsAt = clock(endTime, '24:00');
      if (end.data === start.data && startsAt !== null && endsAt !== null && endsAt <= startsAt) {
        ctx.addIssue({
          code: 'custom',
          path: ['endTime'],
          message: 'End time must be after start time',
        });
      }
    },
    { when: () => true },
  );

export function scheduleSchemaFor(mode: ExamMode) {
  return mode === 'PROCTORING' ? proctoringScheduleSchema : autoScheduleSchema;
}
export type ProctoringScheduleInput = z.input<typeof proctoringScheduleSchema>;
export type AutoScheduleInput = z.input<typeof autoScheduleSchema>;

// --- Drawn sections and internal choice ---------------------------------------------------------

/**
 * "N questions from category C": the bank questions of a course's category (and its subcategories
 * unless told otherwise) that are Ready, of the section's type and worth the section's marks per
 * question, narrowed by the optional filters (a question carries every tag listed).
 */
export const drawRuleSchema = z.object({
  courseId: idField('Course is required', 'Please select a valid course'),
  category: categoryField.default(''),
  includeSubcategories: z
    .boolean({ error: 'Include subcategories must be true or false' })
    .default(true),
  count: wholeNumber('Count', { min: 1, max: EXAM_LIMITS.questionsPerSection }),
  difficulty: difficultySchema.optional(),
  tags: tagsField.default([]),
  bloomLevel: bloomLevelSchema.optional(),
  courseOutcome: outcomeCodeField.optional(),
});
export type DrawRuleInput = z.input<typeof drawRuleSchema>;
export type DrawRule = z.output<typeof drawRuleSchema>;

/** A stored rule as the API answers it: the rule's output, with no transform to run backwards. */
export const drawRuleRecordSchema = z.object({
  courseId: z.string(),
  category: z.string(),
  includeSubcategories: z.boolean(),
  count: z.number(),
  difficulty: difficultySchema.optional(),
  tags: z.array(z.string()),
  bloomLevel: bloomLevelSchema.optional(),
  courseOutcome: z.string().optional(),
}) satisfies z.ZodType<DrawRule>;

/** The words a rule's filters add before "questions": 'Hard', 'Hard Apply CO2'. */
export function drawRuleFilterWords(rule: {
  difficulty?: Difficulty;
  bloomLevel?: BloomLevel;
  courseOutcome?: string;
}): string {
  return [
    rule.difficulty && DIFFICULTY_LABELS[rule.difficulty],
    rule.bloomLevel && BLOOM_LEVEL_LABELS[rule.bloomLevel],
    rule.courseOutcome,
  ]
    .filter(Boolean)
    .join(' ');
}

/** A category as a sentence names it: its last level, or the whole bank at the top. */
export function categoryName(category: string): string {
  return category === '' ? 'The bank' : (category.split(CATEGORY_SEPARATOR).at(-1) ?? category);
}

export const DRAW_MESSAGES = {
  rules: `Maximum ${EXAM_LIMITS.drawRules} draw rules allowed`,
  noQuestionsListed: 'A section that draws its questions lists none',
  countsAddUp: (drawn: number, total: number) =>
    `The rules draw ${drawn} question${drawn === 1 ? '' : 's'}; the section has ${total}`,
  marksPerQuestion: "A drawn section's marks must divide into whole marks of 1 to 20 per question",
  /** 'Unit 3 has only 4 Hard questions; this rule needs 5' */
  cannotFill: (rule: DrawRule, available: number) => {
    const words = drawRuleFilterWords(rule);
    const tagged = rule.tags.length > 0 ? ` tagged ${rule.tags.join(', ')}` : '';
    return `${categoryName(rule.category)} has only ${available} ${words ? `${words} ` : ''}question${available === 1 ? '' : 's'}${tagged}; this rule needs ${rule.count}`;
  },
  answerAnyBelowTotal: 'Answer any must be less than the total questions',
  poolTooLarge: `The exam's draw rules find more than ${EXAM_LIMITS.drawPool} bank questions together; narrow this rule by category or filters`,
} as const;

/**
 * Internal choice counts the student's best K answers, not their first K: a student who answers
 * one more is never worse off for it. The page says so before the start.
 */
export function answerAnyNotice(answerAny: number, totalQuestions: number): string {
  return `Answer any ${answerAny} of these ${totalQuestions} questions. If you answer more, your best ${answerAny} count.`;
}

/**
 * How far a section with internal choice is answered, for the student as they go: answering more
 * than K is allowed, and said to be.
 */
export function answerAnyCount(answered: number, answerAny: number): string {
  return answered > answerAny
    ? `${answered} answered: your best ${answerAny} count`
    : `${answered} of ${answerAny} answered`;
}

/** Which answers of a section with internal choice count, as a result says it. */
export function answerAnyCounted(answerAny: number): string {
  return `Your best ${answerAny} answer${answerAny === 1 ? '' : 's'} in this section count.`;
}

/** The marks each question of a section carries: its marks shared among the questions that count. */
export function marksPerQuestion(section: {
  marks: number;
  totalQuestions: number;
  answerAny?: number;
}): number {
  return section.marks / (section.answerAny ?? section.totalQuestions);
}

/**
 * What the wizard asks while a drawn section is built: how many bank questions each rule can draw
 * from, and how many different papers the rules allow.
 */
export const previewDrawSchema = z.object({
  questionType: questionTypeSchema,
  marks: wholeNumber('Section marks', { min: 1, max: 100 }),
  totalQuestions: wholeNumber('Total questions', { min: 1, max: EXAM_LIMITS.questionsPerSection }),
  answerAny: wholeNumber('Answer any', { min: 1, max: EXAM_LIMITS.questionsPerSection }).optional(),
  draw: z
    .array(drawRuleSchema, { error: 'Draw rules must be a list' })
    .min(1, 'At least one draw rule is required')
    .max(EXAM_LIMITS.drawRules, DRAW_MESSAGES.rules),
});
export type PreviewDrawInput = z.input<typeof previewDrawSchema>;

export const previewDrawDataSchema = z.object({
  /** Each rule's pool in the rule's order; `message` is the refusal when it cannot fill. */
  rules: z.array(z.object({ available: z.number(), message: z.string().nullable() })),
  /** Distinct papers the rules allow (the product of each rule's choices), 0 when one cannot fill. */
  distinctPapers: z.number(),
});
export type PreviewDrawData = z.infer<typeof previewDrawDataSchema>;

/**
 * An attempt's drawn paper as stored, and whether drawing again from its seed, the exam's pools and
 * the questions the student had seen before it started gives the same questions: for a dispute.
 */
export const attemptDrawDataSchema = z.object({
  /** Null for an attempt of an exam without drawn sections. */
  seed: z.string().nullable(),
  sections: z.array(
    z.object({
      sectionId: z.string(),
      /** The exam question ids the attempt was given, in the paper's order. */
      questionIds: z.array(z.string()),
      /** Each question's bank question, in the same order. */
      bankQuestionIds: z.array(z.string().nullable()),
      reproduced: z.boolean(),
    }),
  ),
});
export type AttemptDrawData = z.infer<typeof attemptDrawDataSchema>;

function checkDrawnSections(sections: unknown, ctx: z.RefinementCtx) {
  if (!Array.isArray(sections)) return;
  sections.forEach((section: Partial<ExamSectionInput> | undefined, index) => {
    const total = section?.totalQuestions;
    if (typeof total !== 'number') return;
    if (typeof section?.answerAny === 'number' && section.answerAny >= total) {
      ctx.addIssue({
        code: 'custom',
        path: ['examSections', index, 'answerAny'],
        message: DRAW_MESSAGES.answerAnyBelowTotal,
      });
    }
    const rules = section?.draw;
    if (!section || !Array.isArray(rules) || rules.length === 0) return;
    const drawn = rules.reduce(
      (sum, rule) => sum + (typeof rule?.count === 'number' ? rule.count : 0),
      0,
    );
    if (drawn !== total) {
      ctx.addIssue({
        code: 'custom',
        path: ['examSections', index, 'draw'],
        message: DRAW_MESSAGES.countsAddUp(drawn, total),
      });
    }
    if (typeof section.marks === 'number') {
      const each = marksPerQuestion({
        marks: section.marks,
        totalQuestions: total,
        answerAny: typeof section.answerAny === 'number' ? section.answerAny : undefined,
      });
      if (!Number.isInteger(each) || each < 1 || each > 20) {
        ctx.addIssue({
          code: 'custom',
          path: ['examSections', index, 'marks'],
          message: DRAW_MESSAGES.marksPerQuestion,
        });
      }
    }
  });
}

// --- Step 4: exam structure -------------------------------------------------------------------

export const examSectionSchema = z.object({
  id: z.string().max(100).optional(),
  name: boundedText('Section name', { min: 3, max: 50 }),
  order: requiredText('Section order is required').max(
    10,
    'Section order cannot exceed 10 characters',
  ),
  marks: wholeNumber('Section marks', { min: 1, max: 100 }),
  questionType: questionTypeSchema,
  totalQuestions: wholeNumber('Total questions', { min: 1, max: EXAM_LIMITS.questionsPerSection }),
  timeLimit: wholeNumber('Time limit', {
    min: 0,
    max: 180,
    unit: ' minutes',
    minMessage: 'Time limit cannot be negative',
  }),
  isOptional: z.boolean({ error: 'Optional must be true or false' }).default(false),
  instructions: z
    .array(
      contentField('Instruction', {
        min: 1,
        max: 500,
        requiredMessage: 'Instruction cannot be empty',
        maxMessage: 'Instruction cannot exceed 500 characters',
      }),
      { error: 'Instructions must be a list' },
    )
    .max(
      EXAM_LIMITS.sectionInstructions,
      `Maximum ${EXAM_LIMITS.sectionInstructions} instructions allowed`,
    )
    .default([]),
  /**
   * A drawn section's rules: each student's questions are drawn from the course banks at the
   * start; the section then lists no questions and its total is the rules' counts added up.
   */
  draw: z
    .array(drawRuleSchema, { error: 'Draw rules must be a list' })
    .max(EXAM_LIMITS.drawRules, DRAW_MESSAGES.rules)
    .optional(),
  /** Internal choice: the student answers any K of the section's questions, K below its total. */
  answerAny: wholeNumber('Answer any', { min: 1, max: EXAM_LIMITS.questionsPerSection }).optional(),
});
export type ExamSectionInput = z.input<typeof examSectionSchema>;
export type ExamSection = z.output<typeof examSectionSchema>;

/** Names are compared case-insensitively and orders exactly, both after trimming. */
function checkSectionsUnique(sections: unknown, ctx: z.RefinementCtx) {
  if (!Array.isArray(sections)) return;
  const names = new Map<string, number>();
  const orders = new Map<string, number>();
  sections.forEach((section: { name?: unknown; order?: unknown }, index) => {
    if (typeof section?.name === 'string' && section.name.trim() !== '') {
      const key = section.name.trim().toLowerCase();
      if (names.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['examSections', index, 'name'],
          message: 'Section names must be unique',
        });
      } else names.set(key, index);
    }
    if (typeof section?.order === 'string' && section.order.trim() !== '') {
      const key = section.order.trim();
      if (orders.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['examSections', index, 'order'],
          message: 'Section orders must be unique',
        });
      } else orders.set(key, index);
    }
  });
}

const examSectionsSchema = z
  .array(examSectionSchema, { error: 'At least one section is required' })
  .min(1, 'At least one section is required')
  .max(EXAM_LIMITS.sections, `Maximum ${EXAM_LIMITS.sections} sections allowed`);

export const examStructureSchema = z.object({ examSections: examSectionsSchema }).superRefine(
  (value, ctx) => {
    checkSectionsUnique(value.examSections, ctx);
    checkDrawnSections(value.examSections, ctx);
  },
  { when: () => true },
);
export type ExamStructureInput = z.input<typeof examStructureSchema>;

// --- Step 5: questions ------------------------------------------------------------------------

const questionBaseShape = {
  id: z.string().max(100).optional(),
  questionText: contentField('Question text', { min: 10, max: 1000 }),
  marks: wholeNumber('Marks', { min: 1, max: 20 }),
  order: wholeNumber('Order', { min: 1, max: 1000 }),
  difficulty: difficultySchema.default(DEFAULT_DIFFICULTY),
  explanation: contentField('Explanation', { min: 10, max: 500 }),
};

const optionSchema = z.object({
  text: contentField('Option text', { min: 1, max: 200 }),
  isCorrect: z.boolean({ error: 'Correct must be true or false' }).default(false),
});
export type QuestionOption = z.output<typeof optionSchema>;

function checkOneCorrect(options: { isCorrect?: unknown }[], ctx: z.RefinementCtx) {
  const correct = options.filter((option) => option?.isCorrect === true).length;
  if (correct === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: 'At least one option must be marked as correct',
    });
  } else if (correct > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: 'Only one option can be marked as correct',
    });
  }
}

const keywordsSchema = z
  .array(requiredText('Keyword cannot be empty').max(50, 'Keyword cannot exceed 50 characters'), {
    error: 'At least one keyword is required',
  })
  .min(EXAM_LIMITS.keywords.min, 'At least one keyword is required')
  .max(EXAM_LIMITS.keywords.max, `Maximum ${EXAM_LIMITS.keywords.max} keywords allowed`);

export const mcqQuestionSchema = z
  .object({
    ...questionBaseShape,
    questionType: z.literal('MCQ'),
    options: z
      .array(optionSchema, { error: 'Options are required' })
      .min(EXAM_LIMITS.mcqOptions.min, 'MCQ must have at least 2 options')
      .max(EXAM_LIMITS.mcqOptions.max, 'MCQ cannot have more than 4 options'),
  })
  .superRefine(
    (question, ctx) => {
      if (
        Array.isArray(question.options) &&
        question.options.length >= EXAM_LIMITS.mcqOptions.min
      ) {
        checkOneCorrect(question.options, ctx);
      }
    },
    { when: () => true },
  );

export const trueFalseQuestionSchema = z
  .object({
    ...questionBaseShape,
    questionType: z.literal('TRUE_FALSE'),
    options: z
      .array(optionSchema, { error: 'Options are required' })
      .length(2, 'True/False questions must have exactly 2 options'),
  })
  .superRefine(
    (question, ctx) => {
      if (!Array.isArray(question.options) || question.options.length !== 2) return;
      const texts = question.options.map((option) => option?.text);
      if (texts[0] !== TRUE_FALSE_OPTION_TEXTS[0] || texts[1] !== TRUE_FALSE_OPTION_TEXTS[1]) {
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'True/False options must be True and False',
        });
        return;
      }
      checkOneCorrect(question.options, ctx);
    },
    { when: () => true },
  );

export const shortAnswerQuestionSchema = z.object({
  ...questionBaseShape,
  questionType: z.literal('SHORT_ANSWER'),
  sampleAnswer: contentField('Sample answer', { min: 10, max: 500 }),
  keywords: keywordsSchema,
});

const minWordCountSchema = wholeNumber('Minimum word count', { min: 50, max: 1000 });
const maxWordCountSchema = wholeNumber('Maximum word count', { min: 100, max: 2000 });

export const longAnswerQuestionSchema = z
  .object({
    ...questionBaseShape,
    questionType: z.literal('LONG_ANSWER'),
    modelAnswer: contentField('Model answer', { min: 50, max: 2000 }),
    minWordCount: minWordCountSchema.default(DEFAULT_WORD_RANGE.min),
    maxWordCount: maxWordCountSchema.default(DEFAULT_WORD_RANGE.max),
    keywords: keywordsSchema,
  })
  .superRefine(
    ({ minWordCount, maxWordCount }, ctx) => {
      const min = minWordCountSchema.safeParse(minWordCount);
      const max = maxWordCountSchema.safeParse(maxWordCount);
      if (min.success && max.success && max.data <= min.data) {
        ctx.addIssue({
          code: 'custom',
          path: ['maxWordCount'],
          message: 'Maximum word count must be greater than minimum word count',
        });
      }
    },
    { when: () => true },
  );

const scoringRuleSchema = z.enum(SCORING_RULES, { error: 'Please select a valid scoring rule' });

export const multiSelectQuestionSchema = z
  .object({
    ...questionBaseShape,
    questionType: z.literal('MULTI_SELECT'),
    options: z
      .array(optionSchema, { error: 'Options are required' })
      .min(
        EXAM_LIMITS.multiSelectOptions.min,
        `Multiple select must have at least ${EXAM_LIMITS.multiSelectOptions.min} options`,
      )
      .max(
        EXAM_LIMITS.multiSelectOptions.max,
        `Multiple select cannot have more than ${EXAM_LIMITS.multiSelectOptions.max} options`,
      ),
    scoring: scoringRuleSchema.default('PARTIAL'),
  })
  .superRefine(
    (question, ctx) => {
      if (!Array.isArray(question.options)) return;
      if (!question.options.some((option) => option?.isCorrect === true)) {
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'At least one option must be marked as correct',
        });
      }
    },
    { when: () => true },
  );

/** A finite number, with the label's own messages. */
const decimalNumber = (label: string) =>
  requiredNumber(`${label} is required`).refine(Number.isFinite, `${label} must be a number`);

const numericAnswerSchema = z.object({
  value: decimalNumber('Value'),
  tolerance: decimalNumber('Tolerance').min(0, 'Tolerance cannot be negative').default(0),
  toleranceType: z
    .enum(TOLERANCE_TYPES, { error: 'Please select a valid tolerance type' })
    .default('ABSOLUTE'),
  fraction: decimalNumber('Fraction')
    .min(0, 'Fraction must be between 0 and 1')
    .max(1, 'Fraction must be between 0 and 1')
    .default(1),
});
export type NumericAnswer = z.output<typeof numericAnswerSchema>;

const unitSchema = z.object({
  unit: boundedText('Unit', { min: 1, max: 20 }),
  factor: decimalNumber('Factor').positive('Factor must be greater than 0'),
});
export type NumericUnit = z.output<typeof unitSchema>;

/** A numerical question's key: 1 to 5 accepted answers, at least one of them worth full marks. */
export const numericAnswersSchema = z
  .array(numericAnswerSchema, { error: 'At least one accepted answer is required' })
  .min(EXAM_LIMITS.numericAnswers.min, 'At least one accepted answer is required')
  .max(
    EXAM_LIMITS.numericAnswers.max,
    `Maximum ${EXAM_LIMITS.numericAnswers.max} accepted answers allowed`,
  )
  .superRefine(
    (answers, ctx) => {
      if (
        Array.isArray(answers) &&
        answers.length > 0 &&
        !answers.some((answer) => answer?.fraction === 1)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: 'At least one accepted answer must earn full marks',
        });
      }
    },
    { when: () => true },
  );

/** An accepted answer as a reader writes it: `0.012 ± 2% A`, `9.81 m/s²`, `3 (50%)`. */
export function acceptedAnswerText(answer: NumericAnswer, unit?: string): string {
  const tolerance =
    answer.tolerance > 0
      ? ` ± ${answer.tolerance}${answer.toleranceType === 'PERCENT' ? '%' : ''}`
      : '';
  const share = answer.fraction < 1 ? ` (${Math.round(answer.fraction * 100)}%)` : '';
  return `${answer.value}${tolerance}${unit ? ` ${unit}` : ''}${share}`;
}

export const numericalQuestionSchema = z
  .object({
    ...questionBaseShape,
    questionType: z.literal('NUMERICAL'),
    numericAnswers: numericAnswersSchema,
    units: z
      .array(unitSchema, { error: 'Units must be a list' })
      .max(EXAM_LIMITS.units, `Maximum ${EXAM_LIMITS.units} units allowed`)
      .default([]),
    unitPenalty: decimalNumber('Unit penalty')
      .min(0, 'Unit penalty must be between 0 and 1')
      .max(1, 'Unit penalty must be between 0 and 1')
      .default(DEFAULT_UNIT_PENALTY),
  })
  .superRefine(
    (question, ctx) => {
      if (!Array.isArray(question.units)) return;
      const first = question.units[0];
      if (first && typeof first.factor === 'number' && first.factor !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['units', 0, 'factor'],
          message: 'The first unit is the answer’s own: its factor must be 1',
        });
      }
      const seen = new Set<string>();
      question.units.forEach((unit, index) => {
        const name = typeof unit?.unit === 'string' ? unit.unit.trim() : '';
        if (name === '') return;
        if (seen.has(name)) {
          ctx.addIssue({
            code: 'custom',
            path: ['units', index, 'unit'],
            message: 'Units must be unique',
          });
        }
        seen.add(name);
      });
    },
    { when: () => true },
  );

/** A blank in a fill-in-the-blanks question's text: `[[1]]`, `[[2]]` … */
export const BLANK_MARKER = /\[\[(\d+)\]\]/g;

/** The numbers of the blanks a text marks, in the order they appear. */
export function blankNumbers(text: string): number[] {
  return [...text.matchAll(BLANK_MARKER)].map((match) => Number(match[1]));
}

export const blankKeySchema = z
  .object({
    accepted: z
      .array(boundedText('Accepted answer', { min: 1, max: 100 }), {
        error: 'At least one accepted answer is required',
      })
      .min(1, 'At least one accepted answer is required')
      .max(
        EXAM_LIMITS.acceptedPerBlank,
        `Maximum ${EXAM_LIMITS.acceptedPerBlank} accepted answers allowed`,
      ),
    caseSensitive: z.boolean({ error: 'Case sensitive must be true or false' }).default(false),
    /** Set for a blank that takes a number: each accepted answer is one, and this its ± allowance. */
    tolerance: decimalNumber('Tolerance')
      .min(0, 'Tolerance cannot be negative')
      .nullable()
      .default(null),
  })
  .superRefine(
    (blank, ctx) => {
      if (typeof blank.tolerance !== 'number' || !Array.isArray(blank.accepted)) return;
      blank.accepted.forEach((answer, index) => {
        if (typeof answer === 'string' && parseStudentNumber(answer) === null) {
          ctx.addIssue({
            code: 'custom',
            path: ['accepted', index],
            message: 'A blank with a tolerance accepts numbers only',
          });
        }
      });
    },
    { when: () => true },
  );
export type BlankKey = z.output<typeof blankKeySchema>;

/** A fill-in-the-blanks question's key: each blank's accepted answers, in the text's order. */
export const blanksSchema = z
  .array(blankKeySchema, { error: 'Blanks are required' })
  .min(EXAM_LIMITS.blanks.min, 'Mark at least one blank in the question text, as [[1]]')
  .max(EXAM_LIMITS.blanks.max, `A question can have at most ${EXAM_LIMITS.blanks.max} blanks`);

/** The message of a text whose blanks and key differ in number. */
export const blankCountMessage = (count: number) =>
  `The text marks ${count} blank${count === 1 ? '' : 's'}: give the accepted answers of each`;

/** A blank's accepted answers as a reader writes them: `ohm`, `3.3 ± 0.1`. */
export function acceptedBlankTexts(blank: BlankKey): string[] {
  return blank.accepted.map((answer) =>
    blank.tolerance ? `${answer} ± ${blank.tolerance}` : answer,
  );
}

export const fillInBlanksQuestionSchema = z
  .object({
    ...questionBaseShape,
    questionType: z.literal('FILL_IN_BLANKS'),
    blanks: blanksSchema,
  })
  .superRefine(
    (question, ctx) => {
      if (typeof question.questionText !== 'string') return;
      const numbers = blankNumbers(question.questionText);
      if (numbers.some((number, index) => number !== index + 1)) {
        ctx.addIssue({
          code: 'custom',
          path: ['questionText'],
          message: 'Number the blanks [[1]], [[2]] … in the order they appear, each once',
        });
        return;
      }
      if (Array.isArray(question.blanks) && numbers.length !== question.blanks.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['blanks'],
          message: blankCountMessage(numbers.length),
        });
      }
    },
    { when: () => true },
  );

/** A message on each text of the list that repeats an earlier one. */
function checkDistinct(
  texts: unknown[],
  path: (index: number) => (string | number)[],
  message: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  texts.forEach((text, index) => {
    if (typeof text !== 'string') return;
    const normalised = text.trim().toLowerCase();
    if (seen.has(normalised)) ctx.addIssue({ code: 'custom', path: path(index), message });
    seen.add(normalised);
  });
}

const matchingPairSchema = z.object({
  prompt: contentField('Prompt', { min: 1, max: 200 }),
  match: contentField('Match', { min: 1, max: 200 }),
});
export type MatchingPair = z.output<typeof matchingPairSchema>;

export const matchingQuestionSchema = z
  .object({
    ...questionBaseShape,
    questionType: z.literal('MATCHING'),
    pairs: z
      .array(matchingPairSchema, { error: 'Pairs are required' })
      .min(
        EXAM_LIMITS.matchingPairs.min,
        `Matching must have at least ${EXAM_LIMITS.matchingPairs.min} pairs`,
      )
      .max(
        EXAM_LIMITS.matchingPairs.max,
        `Matching cannot have more than ${EXAM_LIMITS.matchingPairs.max} pairs`,
      ),
    distractors: z
      .array(contentField('Distractor', { min: 1, max: 200 }), {
        error: 'Distractors must be a list',
      })
      .max(EXAM_LIMITS.distractors, `Maximum ${EXAM_LIMITS.distractors} distractors allowed`)
      .default([]),
  })
  .superRefine(
    (question, ctx) => {
      if (!Array.isArray(question.pairs)) return;
      checkDistinct(
        question.pairs.map((pair) => pair?.prompt),
        (index) => ['pairs', index, 'prompt'],
        'Each prompt must differ from the others',
        ctx,
      );
      const matches = [
        ...question.pairs.map((pair) => pair?.match),
        ...(Array.isArray(question.distractors) ? question.distractors : []),
      ];
      checkDistinct(
        matches,
        (index) =>
          index < question.pairs.length
            ? ['pairs', index, 'match']
            : ['distractors', index - question.pairs.length],
        'Each match and distractor must differ from the others',
        ctx,
      );
    },
    { when: () => true },
  );

export const orderingQuestionSchema = z
  .object({
    ...questionBaseShape,
    questionType: z.literal('ORDERING'),
    items: z
      .array(contentField('Item', { min: 1, max: 200 }), { error: 'Items are required' })
      .min(
        EXAM_LIMITS.orderingItems.min,
        `Ordering must have at least ${EXAM_LIMITS.orderingItems.min} items`,
      )
      .max(
        EXAM_LIMITS.orderingItems.max,
        `Ordering cannot have more than ${EXAM_LIMITS.orderingItems.max} items`,
      ),
    scoring: scoringRuleSchema.default('PARTIAL'),
  })
  .superRefine(
    (question, ctx) => {
      if (!Array.isArray(question.items)) return;
      checkDistinct(
        question.items,
        (index) => ['items', index],
        'Each item must differ from the others',
        ctx,
      );
    },
    { when: () => true },
  );

export const fileUploadQuestionSchema = z.object({
  ...questionBaseShape,
  questionType: z.literal('FILE_UPLOAD'),
  fileTypes: z
    .array(z.enum(FILE_KINDS, { error: 'Please select a valid kind of file' }), {
      error: 'Choose at least one kind of file',
    })
    .min(1, 'Choose at least one kind of file')
    .refine(
      (kinds) => new Set(kinds).size === kinds.length,
      'Each kind of file can be chosen once',
    ),
  maxFiles: wholeNumber('Maximum files', EXAM_LIMITS.uploadFiles).default(
    DEFAULT_UPLOAD_SETTINGS.maxFiles,
  ),
  maxFileMb: wholeNumber('Maximum file size', { ...EXAM_LIMITS.uploadFileMb, unit: ' MB' }).default(
    DEFAULT_UPLOAD_SETTINGS.maxFileMb,
  ),
});

export const questionSchema = z.discriminatedUnion(
  'questionType',
  [
    mcqQuestionSchema,
    trueFalseQuestionSchema,
    shortAnswerQuestionSchema,
    longAnswerQuestionSchema,
    multiSelectQuestionSchema,
    numericalQuestionSchema,
    fillInBlanksQuestionSchema,
    matchingQuestionSchema,
    orderingQuestionSchema,
    fileUploadQuestionSchema,
  ],
  { error: 'Please select a valid question type' },
);
export type QuestionInput = z.input<typeof questionSchema>;
export type Question = z.output<typeof questionSchema>;

/** A bank question to copy into a section as it stands: its current version, which must be Ready. */
export const bankQuestionReferenceSchema = z.strictObject(
  {
    bankQuestionId: idField('Bank question is required', 'Please select a valid bank question'),
  },
  { error: 'A question from a bank carries its bankQuestionId only' },
);
export type BankQuestionReference = z.output<typeof bankQuestionReferenceSchema>;

const isBankQuestionReference = (value: unknown) =>
  typeof value === 'object' && value !== null && 'bankQuestionId' in value;

/**
 * A section's listed question: written in the exam, or `{ bankQuestionId }`. The key decides which
 * rules apply, rather than a union trying both: a written question's errors then keep their own
 * paths and messages (a union would answer 'Invalid input' for any question missing a field).
 */
export const listedQuestionSchema = z
  .unknown()
  .transform((value, ctx): Question | BankQuestionReference => {
    const result = isBankQuestionReference(value)
      ? bankQuestionReferenceSchema.safeParse(value)
      : questionSchema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  })
  .meta({
    description:
      'A question written in the exam (the question types), or { bankQuestionId } for a Ready bank question of the section type',
  });
export type ListedQuestion = z.output<typeof listedQuestionSchema>;

/**
 * A question as an exam holds it: its own copy, and where it was copied from a bank, which bank
 * question and which of its versions.
 */
export type ExamQuestion = Question & { bankQuestionId?: string; bankVersion?: number };

/**
 * The questions of each section sit at the same index as the section (`questions.1.4` is the
 * fifth question of the second section), so errors read as the issue's dotted paths.
 */
function checkQuestionsFitSections(sections: unknown, questions: unknown, ctx: z.RefinementCtx) {
  if (!Array.isArray(sections) || !Array.isArray(questions)) return;
  if (questions.length !== sections.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['questions'],
      message: 'Each section needs its list of questions',
    });
    return;
  }
  sections.forEach(
    (section: { totalQuestions?: unknown; questionType?: unknown; draw?: unknown }, index) => {
      const list: unknown = questions[index];
      if (!Array.isArray(list)) return;
      if (Array.isArray(section?.draw) && section.draw.length > 0) {
        if (list.length > 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['questions', index],
            message: DRAW_MESSAGES.noQuestionsListed,
          });
        }
        return;
      }
      const total = section?.totalQuestions;
      if (typeof total === 'number' && list.length !== total) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', index],
          message: `This section needs exactly ${total} question${total === 1 ? '' : 's'}`,
        });
      }
      list.forEach((question: { questionType?: unknown }, position) => {
        if (
          QUESTION_TYPES.includes(question?.questionType as QuestionType) &&
          question.questionType !== section?.questionType
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['questions', index, position, 'questionType'],
            message: "Question type must match its section's question type",
          });
        }
      });
    },
  );
}

const questionsSchema = z.array(
  z
    .array(listedQuestionSchema, { error: 'Questions must be a list' })
    .max(
      EXAM_LIMITS.questionsPerSection,
      `Maximum ${EXAM_LIMITS.questionsPerSection} questions per section allowed`,
    ),
  { error: 'Questions are required' },
);

/** The questions step, checked against the sections as they stand (valid or not). */
export function questionsStepSchemaFor(
  sections: readonly { totalQuestions?: unknown; questionType?: unknown; draw?: unknown }[],
) {
  return z
    .object({ questions: questionsSchema })
    .superRefine((value, ctx) => checkQuestionsFitSections(sections, value.questions, ctx), {
      when: () => true,
    });
}

// --- The whole exam (POST /admin/create-exam) -------------------------------------------------

function checkSchedule(mode: unknown, schedule: unknown, ctx: z.RefinementCtx) {
  if (mode !== 'AUTO' && mode !== 'PROCTORING') return;
  if (schedule === null || typeof schedule !== 'object') return;
  const result = scheduleSchemaFor(mode).safeParse(schedule);
  for (const issue of result.error?.issues ?? []) {
    ctx.addIssue({
      code: 'custom',
      path: ['scheduleDetails', ...issue.path],
      message: issue.message,
    });
  }
}

/** The schedule as the chosen mode reads it; the other mode's fields are dropped. */
const scheduleDetailsInputSchema = z.looseObject({}, { error: 'Schedule details are required' });

export const createExamSchema = z
  .object({
    examStatus: examStatusSchema.default('DRAFT'),
    ...examInfoShape,
    ...targetAudienceShape,
    scheduleDetails: scheduleDetailsInputSchema,
    examSections: examSectionsSchema,
    questions: questionsSchema,
  })
  .superRefine(
    (exam, ctx) => {
      checkPassingMarks(exam, ctx);
      checkBranchesDistinct(exam.branchId, exam.additionalAudiences, ctx);
      checkFaculty(exam.examMode, exam.assignedFacultyIds, ctx);
      checkProctoringRules(exam.examMode, exam.proctoringThresholds, ctx);
      checkSectionsUnique(exam.examSections, ctx);
      checkDrawnSections(exam.examSections, ctx);
      checkQuestionsFitSections(exam.examSections, exam.questions, ctx);
      checkSchedule(exam.examMode, exam.scheduleDetails, ctx);
    },
    { when: () => true },
  )
  .transform((exam) => ({
    ...exam,
    scheduleDetails: scheduleSchemaFor(exam.examMode).parse(exam.scheduleDetails),
    proctoringThresholds:
      exam.examMode === 'PROCTORING'
        ? (exam.proctoringThresholds ?? DEFAULT_PROCTORING_THRESHOLDS)
        : null,
  }));
export type CreateExamInput = z.input<typeof createExamSchema>;
/** An exam as sent: a listed question may still be a bank question's id. */
export type SentExamPayload = z.output<typeof createExamSchema>;
/** An exam as stored and read back: every question the exam's own copy. */
export type CreateExamPayload = Omit<SentExamPayload, 'questions'> & {
  questions: ExamQuestion[][];
};

// --- Records as the API returns them ----------------------------------------------------------

export const scheduleDetailsSchema = z.object({
  examDate: z.string().optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  bufferTime: z.object({ beforeExam: z.number(), afterExam: z.number() }),
});
export type ScheduleDetails = z.infer<typeof scheduleDetailsSchema>;

/** One row of the exam list (spec section 3). */
export const examListItemSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  examTitle: z.string(),
  subject: z.string(),
  examMode: z.enum(EXAM_MODES),
  examStatus: z.enum(EXAM_STATUSES),
  totalMarks: z.number(),
  passingMarks: z.number(),
  duration: z.number(),
  scheduleDetails: scheduleDetailsSchema,
  assignedFacultyIds: z.array(z.string()),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  showAnswersAfterPublish: z.boolean(),
  createdAt: z.string(),
});
export type ExamListItem = z.infer<typeof examListItemSchema>;

export const createExamDataSchema = z.object({ exam: examListItemSchema });
export const examListDataSchema = z.object({
  exams: z.array(examListItemSchema),
  pagination: paginationSchema,
});

export const EXAM_MESSAGES = {
  draftSaved: 'Exam saved as draft successfully!',
  published: 'Exam published successfully!',
  draftFailed: 'Error saving exam. Please try again.',
  publishFailed: 'Error publishing exam. Please try again.',
  invalidForm: 'Please fill all required fields correctly before submitting.',
  missingData: 'Missing required form data',
  fetchExamsFailed: 'Failed to fetch exams',
  created: 'Exam created successfully',
  courseNotInBatch: 'The selected course does not belong to the selected batch',
  branchNotInCourse: 'The selected branch does not belong to the selected course',
  sectionNotInBranch: 'The selected section does not belong to the selected branch',
  facultyNotFound: 'Please select a valid faculty member',
  facultyInactive: 'This faculty member is inactive: choose an active one',
  sectionWithErrors: 'This section has validation errors',
  questionWithErrors: 'This question has validation errors',
  fillRequired: 'Please fill all required fields',
  saveAsDraft: 'Save as draft',
  publishExam: 'Publish exam',
} as const;

// --- Display helpers shared by every screen that lists exams ----------------------------------

/** Spec section 3: 'date at startTime' for one date, 'start - end' for a range. */
export function scheduleText(schedule: Partial<ScheduleDetails> | null | undefined): string {
  if (schedule?.examDate && schedule.startTime)
    return `${schedule.examDate} at ${schedule.startTime}`;
  if (schedule?.startDate && schedule.endDate) {
    // An AUTO exam's clock times, when it has them, follow their dates.
    const at = (date: string, time: string | undefined) => (time ? `${date} ${time}` : date);
    return `${at(schedule.startDate, schedule.startTime)} - ${at(schedule.endDate, schedule.endTime)}`;
  }
  return 'Not scheduled';
}

export interface MarksWarning {
  path: string;
  message: string;
}

/**
 * Mismatched marks are legitimate (optional sections, bonus questions), so they are warnings
 * shown in the wizard, never validation errors.
 */
export function marksWarnings(exam: {
  totalMarks?: unknown;
  examSections?: readonly { marks?: unknown }[];
  questions?: readonly (readonly { marks?: unknown }[] | undefined)[];
}): MarksWarning[] {
  const warnings: MarksWarning[] = [];
  const sections = exam.examSections ?? [];
  const sum = (values: readonly { marks?: unknown }[]) =>
    values.reduce((total, item) => total + (typeof item?.marks === 'number' ? item.marks : 0), 0);
  const sectionTotal = sum(sections);
  if (
    typeof exam.totalMarks === 'number' &&
    sections.length > 0 &&
    sectionTotal !== exam.totalMarks
  ) {
    warnings.push({
      path: 'examSections',
      message: `Section marks add up to ${sectionTotal}, but the exam's total marks are ${exam.totalMarks}`,
    });
  }
  sections.forEach((section, index) => {
    const questions = exam.questions?.[index];
    if (!questions || questions.length === 0 || typeof section?.marks !== 'number') return;
    const questionTotal = sum(questions);
    if (questionTotal !== section.marks) {
      warnings.push({
        path: `questions.${index}`,
        message: `Question marks add up to ${questionTotal}, but the section's marks are ${section.marks}`,
      });
    }
  });
  return warnings;
}
