import { z } from 'zod';
import { paginationSchema } from './api';
import {
  DIFFICULTIES,
  difficultySchema,
  QUESTION_TYPES,
  type Question,
  questionSchema,
  questionTypeSchema,
} from './exams';
import { idField, requiredText, wholeNumber } from './fields';
import { searchField } from './find';
import { pageQuerySchema } from './people';

// --- Question banks: a course's questions, written once and reused every term ----------------

export const BLOOM_LEVELS = [
  'REMEMBER',
  'UNDERSTAND',
  'APPLY',
  'ANALYSE',
  'EVALUATE',
  'CREATE',
] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];
export const BLOOM_LEVEL_LABELS: Record<BloomLevel, string> = {
  REMEMBER: 'Remember',
  UNDERSTAND: 'Understand',
  APPLY: 'Apply',
  ANALYSE: 'Analyse',
  EVALUATE: 'Evaluate',
  CREATE: 'Create',
};
export const bloomLevelSchema = z.enum(BLOOM_LEVELS, {
  error: "Please select a valid Bloom's level",
});

/** Draft while written, Ready once approved for papers, Retired when no longer to be used. */
export const BANK_QUESTION_STATUSES = ['DRAFT', 'READY', 'RETIRED'] as const;
export type BankQuestionStatus = (typeof BANK_QUESTION_STATUSES)[number];
export const BANK_QUESTION_STATUS_LABELS: Record<BankQuestionStatus, string> = {
  DRAFT: 'Draft',
  READY: 'Ready',
  RETIRED: 'Retired',
};
export const bankQuestionStatusSchema = z.enum(BANK_QUESTION_STATUSES, {
  error: 'Status must be DRAFT, READY or RETIRED',
});

/** What a faculty member may do in a course's bank: write questions, or approve them. */
export const BANK_ROLES = ['AUTHOR', 'REVIEWER'] as const;
export type BankRole = (typeof BANK_ROLES)[number];

export const BANK_LIMITS = {
  categoryLevels: 5,
  categoryLevelLength: 100,
  tags: 20,
  tagLength: 50,
  outcomes: 20,
  outcomeDescription: 300,
  targetPercent: { min: 1, max: 100 },
  usedInLastMonths: 120,
} as const;

/** Between the levels of a category path: 'Unit 3/Kirchhoff'. */
export const CATEGORY_SEPARATOR = '/';

export const BANK_MESSAGES = {
  categoryLevels: `A category cannot be more than ${BANK_LIMITS.categoryLevels} levels deep`,
  categoryLevel: `Each level of a category must be 1 to ${BANK_LIMITS.categoryLevelLength} characters`,
  tags: `Maximum ${BANK_LIMITS.tags} tags allowed`,
  tag: `Each tag must be 1 to ${BANK_LIMITS.tagLength} characters`,
  tagRepeated: 'Each tag can be given once',
  outcomeCode: 'Course outcome codes are CO1 to CO20',
  outcomeRepeated: 'Each course outcome can be given once',
  outcomes: `Maximum ${BANK_LIMITS.outcomes} course outcomes allowed`,
  courseNotFound: 'Course not found',
  questionNotFound: 'Bank question not found',
  revisionNotFound: 'This question has no such revision',
  facultyNotFound: 'Not a faculty member',
  notGranted: "You have no access to this course's question bank",
  notAuthor: "Only an author of this course's question bank may change a question's content",
  retired: 'A retired question cannot be changed: set it to Draft first',
  reviewRequired:
    'This course requires a reviewer other than the question’s last author to make it Ready',
  outcomeUnknown: (code: string) => `${code} is not a course outcome of this course`,
  outcomeInUse: (code: string) => `${code} is used by a bank question and cannot be removed`,
  bothRoles: 'A faculty member is listed twice in one role',
  otherCourse: 'A bank question stays in its course',
  changedMeanwhile: 'This question was changed by someone else meanwhile: reload it and try again',
  readyFromRetired: 'A retired question goes back to Draft before it can be Ready',
  usedInLastMonths: `Used in the last months must be a whole number from 1 to ${BANK_LIMITS.usedInLastMonths}`,
  notReadyForExam: 'Only a Ready bank question can be used in an exam',
  otherTypeThanSection: (type: string) =>
    `This bank question is ${type}: it must be of its section's question type`,
} as const;

/** A category path, each level trimmed; '' is the bank's top. */
export const categoryField = z
  .string({ error: 'Category must be text' })
  .max(600, 'Category cannot exceed 600 characters')
  .transform((path, ctx) => {
    if (path.trim() === '') return '';
    const levels = path.split(CATEGORY_SEPARATOR).map((level) => level.trim());
    if (levels.length > BANK_LIMITS.categoryLevels) {
      ctx.addIssue({ code: 'custom', message: BANK_MESSAGES.categoryLevels });
    }
    if (
      levels.some((level) => level.length < 1 || level.length > BANK_LIMITS.categoryLevelLength)
    ) {
      ctx.addIssue({ code: 'custom', message: BANK_MESSAGES.categoryLevel });
    }
    return levels.join(CATEGORY_SEPARATOR);
  });

export const tagsField = z
  .array(
    z
      .string({ error: BANK_MESSAGES.tag })
      .trim()
      .min(1, BANK_MESSAGES.tag)
      .max(BANK_LIMITS.tagLength, BANK_MESSAGES.tag),
    { error: 'Tags must be a list' },
  )
  .max(BANK_LIMITS.tags, BANK_MESSAGES.tags)
  .refine(
    (tags) => new Set(tags.map((tag) => tag.toLowerCase())).size === tags.length,
    BANK_MESSAGES.tagRepeated,
  );

export const OUTCOME_CODE_PATTERN = /^CO\d{1,2}$/;
export const outcomeCodeField = z
  .string({ error: BANK_MESSAGES.outcomeCode })
  .trim()
  .regex(OUTCOME_CODE_PATTERN, BANK_MESSAGES.outcomeCode)
  // CO1 to CO20, without a leading zero: 'CO01' would be a second name of CO1.
  .refine((code) => /^CO([1-9]|1\d|20)$/.test(code), BANK_MESSAGES.outcomeCode);

const distinctCodes = (codes: string[]) => new Set(codes).size === codes.length;

// --- Course outcomes ---------------------------------------------------------------------------

export const courseOutcomeSchema = z.object({
  code: outcomeCodeField,
  description: requiredText('Description is required').max(
    BANK_LIMITS.outcomeDescription,
    `Description cannot exceed ${BANK_LIMITS.outcomeDescription} characters`,
  ),
  targetPercent: wholeNumber('Target percent', BANK_LIMITS.targetPercent),
});
export type CourseOutcome = z.output<typeof courseOutcomeSchema>;

export const setCourseOutcomesSchema = z.object({
  outcomes: z
    .array(courseOutcomeSchema, { error: 'Outcomes must be a list' })
    .max(BANK_LIMITS.outcomes, BANK_MESSAGES.outcomes)
    .refine(
      (outcomes) => distinctCodes(outcomes.map((outcome) => outcome.code)),
      BANK_MESSAGES.outcomeRepeated,
    ),
});
export type SetCourseOutcomesInput = z.input<typeof setCourseOutcomesSchema>;
export type SetCourseOutcomesPayload = z.output<typeof setCourseOutcomesSchema>;

export const courseOutcomesDataSchema = z.object({
  courseId: z.string(),
  outcomes: z.array(courseOutcomeSchema),
});
export type CourseOutcomesData = z.infer<typeof courseOutcomesDataSchema>;

export const courseIdParamSchema = z.object({ courseId: z.uuid('The course id is not valid') });

// --- Who may write a course's bank ---------------------------------------------------------------

const facultyIdsField = (role: string) =>
  z
    .array(idField(`${role} is required`, 'Please select a valid faculty member'), {
      error: `${role}s must be a list`,
    })
    .max(200, `Maximum 200 ${role.toLowerCase()}s allowed`)
    .refine(distinctCodes, BANK_MESSAGES.bothRoles);

export const setBankAccessSchema = z.object({
  authors: facultyIdsField('Author'),
  reviewers: facultyIdsField('Reviewer'),
  requireReview: z.boolean({ error: 'Require review must be true or false' }).default(false),
});
export type SetBankAccessInput = z.input<typeof setBankAccessSchema>;
export type SetBankAccessPayload = z.output<typeof setBankAccessSchema>;

const bankMemberSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export const bankAccessDataSchema = z.object({
  courseId: z.string(),
  authors: z.array(bankMemberSchema),
  reviewers: z.array(bankMemberSchema),
  requireReview: z.boolean(),
});
export type BankAccessData = z.infer<typeof bankAccessDataSchema>;

// --- Bank questions ------------------------------------------------------------------------------

/** A bank question's place and labels; its own fields are the exam payload's question. */
export const bankQuestionMetadataSchema = z.object({
  courseId: idField('Course is required', 'Please select a valid course'),
  category: categoryField.default(''),
  tags: tagsField.default([]),
  bloomLevel: bloomLevelSchema,
  courseOutcomes: z
    .array(outcomeCodeField, { error: 'Course outcomes must be a list' })
    .max(BANK_LIMITS.outcomes, BANK_MESSAGES.outcomes)
    .refine(distinctCodes, BANK_MESSAGES.outcomeRepeated)
    .default([]),
});

/** The metadata beside any question type, the question checked by the exam payload's rules. */
export const bankQuestionSchema = z.intersection(
  bankQuestionMetadataSchema.extend({
    status: z.enum(['DRAFT', 'READY'], { error: 'Status must be DRAFT or READY' }).default('DRAFT'),
  }),
  questionSchema,
);
export type BankQuestionInput = z.input<typeof bankQuestionSchema>;
export type BankQuestionPayload = z.output<typeof bankQuestionSchema>;

/** An edit changes the content and labels; the status moves only through set-bank-question-status. */
export const updateBankQuestionSchema = z.intersection(bankQuestionMetadataSchema, questionSchema);
export type UpdateBankQuestionInput = z.input<typeof updateBankQuestionSchema>;
export type UpdateBankQuestionPayload = z.output<typeof updateBankQuestionSchema>;

export const setBankQuestionStatusSchema = z.object({ status: bankQuestionStatusSchema });
export const restoreBankQuestionSchema = z.object({
  revision: wholeNumber('Revision', { min: 1, max: 1_000_000 }),
});

/** The question's own fields as stored: the exam payload's question without its wizard id. */
export type BankQuestionContent = Question extends infer Type
  ? Type extends Question
    ? Omit<Type, 'id'>
    : never
  : never;

/** What a write answers: the question's version (exams refer to it) and its revision (history). */
export const bankQuestionSavedSchema = z.object({
  _id: z.string(),
  version: z.number(),
  revision: z.number(),
  status: bankQuestionStatusSchema,
});
export type BankQuestionSaved = z.infer<typeof bankQuestionSavedSchema>;

const personSchema = z.object({ _id: z.string().nullable(), name: z.string() });

export const bankQuestionRevisionSchema = z.object({
  revision: z.number(),
  /** Revision 1 is the question's creation. */
  changedBy: personSchema,
  changedAt: z.string(),
  changedFields: z.array(z.string()),
});
export type BankQuestionRevision = z.infer<typeof bankQuestionRevisionSchema>;

export const bankQuestionListItemSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  bloomLevel: bloomLevelSchema,
  courseOutcomes: z.array(z.string()),
  status: bankQuestionStatusSchema,
  questionType: questionTypeSchema,
  difficulty: difficultySchema,
  marks: z.number(),
  questionText: z.string(),
  version: z.number(),
  revision: z.number(),
  /** How many exams hold a copy of the question, of any version. */
  usedIn: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankQuestionListItem = z.infer<typeof bankQuestionListItemSchema>;

/** An exam holding a copy of one version of a bank question. */
export const bankQuestionUseSchema = z.object({
  examId: z.string(),
  title: z.string(),
  version: z.number(),
});
export type BankQuestionUse = z.infer<typeof bankQuestionUseSchema>;

export const bankQuestionDataSchema = bankQuestionListItemSchema.extend({
  question: z.record(z.string(), z.unknown()),
  /** The exams using each version, the newest version first. */
  usedBy: z.array(bankQuestionUseSchema),
  createdBy: personSchema,
  updatedBy: personSchema,
  history: z.array(bankQuestionRevisionSchema),
});
export type BankQuestionData = z.infer<typeof bankQuestionDataSchema>;

const optionalEnum = <Values extends readonly [string, ...string[]]>(
  values: Values,
  message: string,
) => z.enum(values, { error: message }).optional();

export const bankQuestionListQuerySchema = pageQuerySchema.extend({
  courseId: idField('Course is required', 'Please select a valid course'),
  category: categoryField.optional(),
  includeSubcategories: z
    .enum(['true', 'false'], { error: 'Include subcategories must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  search: searchField,
  questionType: optionalEnum(QUESTION_TYPES, 'Please select a valid question type'),
  difficulty: optionalEnum(DIFFICULTIES, 'Please select a valid difficulty'),
  bloomLevel: optionalEnum(BLOOM_LEVELS, "Please select a valid Bloom's level"),
  courseOutcome: outcomeCodeField.optional(),
  tag: z
    .string()
    .trim()
    .max(BANK_LIMITS.tagLength, BANK_MESSAGES.tag)
    .optional()
    // As a search, blank is no filter, and NUL (which no stored text holds) is dropped.
    .transform((value) => value?.replaceAll('\0', '').trim() || undefined),
  status: optionalEnum(BANK_QUESTION_STATUSES, 'Status must be DRAFT, READY or RETIRED'),
  neverUsed: z
    .enum(['true', 'false'], { error: 'Never used must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  /** Used by an exam whose sitting day (its date, or its window's first day) is that recent. */
  usedInLastMonths: z.coerce
    .number({ error: BANK_MESSAGES.usedInLastMonths })
    .int(BANK_MESSAGES.usedInLastMonths)
    .min(1, BANK_MESSAGES.usedInLastMonths)
    .max(BANK_LIMITS.usedInLastMonths, BANK_MESSAGES.usedInLastMonths)
    .optional(),
});
export type BankQuestionListQuery = z.output<typeof bankQuestionListQuerySchema>;

export const bankQuestionListDataSchema = z.object({
  questions: z.array(bankQuestionListItemSchema),
  pagination: paginationSchema,
});

/**
 * A category of a bank's tree, the tree read depth first (a parent before its children, siblings
 * by name): its own questions and those of every category under it.
 */
export const bankCategorySchema = z.object({
  path: z.string(),
  name: z.string(),
  depth: z.number(),
  questionCount: z.number(),
  totalCount: z.number(),
});
export type BankCategory = z.infer<typeof bankCategorySchema>;
export const bankCategoriesDataSchema = z.object({ categories: z.array(bankCategorySchema) });

/** A course whose bank the user works in, with what they may do there (an admin: everything). */
export const bankCourseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Courses are per batch ('B.Tech' of 2024-2028 and of 2025-2029): the batch tells them apart. */
  batchName: z.string(),
  roles: z.array(z.enum(BANK_ROLES)),
});
export type BankCourse = z.infer<typeof bankCourseSchema>;
export const bankCoursesDataSchema = z.object({ courses: z.array(bankCourseSchema) });
