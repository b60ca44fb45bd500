import { z } from 'zod';
import { cappedPaginationSchema } from './api';
import {
  BANK_LIMITS,
  BANK_MESSAGES,
  BANK_QUESTION_STATUSES,
  BANK_ROLES,
  BLOOM_LEVELS,
  bankQuestionStatusSchema,
  bloomLevelSchema,
  categoryField,
  outcomeCodeField,
  tagsField,
} from './bank-labels';
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
import { attainmentLevelsSchema } from './outcome-attainment';
import { pageQuerySchema } from './people';

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
  /** The attainment levels' bands; left out, the course keeps those it has. */
  levels: attainmentLevelsSchema.optional(),
});
export type SetCourseOutcomesInput = z.input<typeof setCourseOutcomesSchema>;
export type SetCourseOutcomesPayload = z.output<typeof setCourseOutcomesSchema>;

export const courseOutcomesDataSchema = z.object({
  courseId: z.string(),
  outcomes: z.array(courseOutcomeSchema),
  levels: attainmentLevelsSchema,
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

// --- Statistics from the sittings ---------------------------------------------------------------

/**
 * What the bank's statistics filters call a question: 'too easy' when almost everyone scores its
 * marks, 'too hard' when almost nobody does, 'poor discrimination' when strong and weak students
 * score it alike.
 */
export const BANK_STATISTIC_THRESHOLDS = {
  tooEasy: 0.9,
  tooHard: 0.3,
  poorDiscrimination: 0.1,
} as const;

/**
 * One version of a bank question as its sittings went, over every exam that used it. Facility is
 * the mean share of its marks scored; discrimination the correlation of that share with the rest
 * of the script's marks (corrected point-biserial, -1 to 1; null when every sitting scored alike).
 * Time spent per question is not recorded by the exam page, so there is no such figure.
 */
export const bankQuestionStatisticsSchema = z.object({
  version: z.number(),
  /** Exams whose sittings gave this version. */
  exams: z.number(),
  /** Submitted sittings whose paper held it (a drawn section's: only those it was drawn for). */
  timesUsed: z.number(),
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  /** For a choice question, the share of its sittings choosing each option, in stored order. */
  optionShares: z.array(z.number()).nullable(),
  updatedAt: z.string(),
});
export type BankQuestionStatistics = z.infer<typeof bankQuestionStatisticsSchema>;

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
  /** The current version's statistics; null until results of an exam using it are computed. */
  statistics: bankQuestionStatisticsSchema.nullable(),
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
  /** Each version's statistics, the newest version first; versions never sat are left out. */
  versionStatistics: z.array(bankQuestionStatisticsSchema),
  createdBy: personSchema,
  updatedBy: personSchema,
  history: z.array(bankQuestionRevisionSchema),
});
export type BankQuestionData = z.infer<typeof bankQuestionDataSchema>;

const optionalEnum = <Values extends readonly [string, ...string[]]>(
  values: Values,
  message: string,
) => z.enum(values, { error: message }).optional();

/** The orders of the bank's list: newest first, or by a statistic (unused questions last). */
export const BANK_QUESTION_SORTS = ['newest', 'facility', 'discrimination', 'timesUsed'] as const;
export type BankQuestionSort = (typeof BANK_QUESTION_SORTS)[number];

const statisticBound = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label} must be a number from ${min} to 1` })
    .min(min, `${label} must be a number from ${min} to 1`)
    .max(1, `${label} must be a number from ${min} to 1`)
    .optional();

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
  /** The current version's statistics above or below a bound; a question never sat has none. */
  facilityAbove: statisticBound('Facility above', 0),
  facilityBelow: statisticBound('Facility below', 0),
  discriminationBelow: statisticBound('Discrimination below', -1),
  sort: z
    .enum(BANK_QUESTION_SORTS, { error: `Sort must be one of ${BANK_QUESTION_SORTS.join(', ')}` })
    .default('newest'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
});
export type BankQuestionListQuery = z.output<typeof bankQuestionListQuerySchema>;

export const bankQuestionListDataSchema = z.object({
  questions: z.array(bankQuestionListItemSchema),
  pagination: cappedPaginationSchema,
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
