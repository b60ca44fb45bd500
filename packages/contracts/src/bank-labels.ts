import { z } from 'zod';

// --- A bank question's labels, which exams' draw rules filter by too ----------------------------

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
