import { z } from 'zod';
import { BLOOM_LEVELS } from './bank-labels';
import { DIFFICULTIES } from './exams';
import { EXPORT_FORMATS } from './results';

// --- Attainment levels ---------------------------------------------------------------------------

/**
 * The share of students reaching an outcome's target (in percent) from which it is attained at
 * level 1, 2 and 3; below the first it is not attained (level 0). Set per course beside its
 * outcomes.
 */
export const DEFAULT_ATTAINMENT_LEVELS = { level1: 40, level2: 60, level3: 70 } as const;

export const ATTAINMENT_MESSAGES = {
  levelsOrder: 'Level 1, level 2 and level 3 must each need a higher percent than the one before',
  examNotFound: 'Exam not found',
  rangeOrder: 'From must be on or before to',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  sectionInvalid: 'Please select a valid section',
} as const;

const levelPercent = (level: number) =>
  z
    .number({ error: `Level ${level} must be a whole number from 1 to 100` })
    .int(`Level ${level} must be a whole number from 1 to 100`)
    .min(1, `Level ${level} must be a whole number from 1 to 100`)
    .max(100, `Level ${level} must be a whole number from 1 to 100`);

export const attainmentLevelsSchema = z
  .object({ level1: levelPercent(1), level2: levelPercent(2), level3: levelPercent(3) })
  .refine(
    (levels) => levels.level1 < levels.level2 && levels.level2 < levels.level3,
    ATTAINMENT_MESSAGES.levelsOrder,
  );
export type AttainmentLevels = z.infer<typeof attainmentLevelsSchema>;

/** The level (0 to 3) an outcome reaches when `attainmentPercent` of students reach its target. */
export function attainmentLevelOf(attainmentPercent: number, levels: AttainmentLevels): number {
  if (attainmentPercent >= levels.level3) return 3;
  if (attainmentPercent >= levels.level2) return 2;
  if (attainmentPercent >= levels.level1) return 1;
  return 0;
}

/** Whether a student's marks reach an outcome's target: at least `targetPercent` of those available. */
export function reachesTarget(scored: number, available: number, targetPercent: number): boolean {
  return available > 0 && scored * 100 >= targetPercent * available;
}

// --- Reports -------------------------------------------------------------------------------------

/**
 * One course outcome as the sittings attained it. A student counts for an outcome when their own
 * paper held marks toward it; `marksAvailable` is what those papers held on average (every paper's
 * figure when the questions are listed).
 */
export const outcomeAttainmentSchema = z.object({
  courseId: z.string(),
  code: z.string(),
  description: z.string(),
  targetPercent: z.number(),
  marksAvailable: z.number(),
  averageMarks: z.number().nullable(),
  studentsReaching: z.number(),
  studentsTotal: z.number(),
  /** Null when no student's paper held marks toward the outcome. */
  attainmentPercent: z.number().nullable(),
  level: z.number().nullable(),
});
export type OutcomeAttainment = z.infer<typeof outcomeAttainmentSchema>;

/** A share of a paper's marks: its expected marks when questions are drawn from a pool. */
const marksShareSchema = <Key extends z.ZodType>(key: Key) =>
  z.object({ key, marks: z.number(), share: z.number() });

export const bloomShareSchema = marksShareSchema(z.enum([...BLOOM_LEVELS, 'UNLABELLED']));
export const difficultyShareSchema = marksShareSchema(z.enum(DIFFICULTIES));
export type BloomShare = z.infer<typeof bloomShareSchema>;
export type DifficultyShare = z.infer<typeof difficultyShareSchema>;

export const examAttainmentDataSchema = z.object({
  exam: z.object({
    _id: z.string(),
    examId: z.string(),
    title: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    totalMarks: z.number(),
  }),
  levels: attainmentLevelsSchema,
  outcomes: z.array(outcomeAttainmentSchema),
  /** The share of the paper's marks per Bloom's level and per difficulty. */
  bloomLevels: z.array(bloomShareSchema),
  difficulties: z.array(difficultyShareSchema),
});
export type ExamAttainmentData = z.infer<typeof examAttainmentDataSchema>;

const dayField = (label: string) =>
  z.iso
    .date({ error: `${label}: ${ATTAINMENT_MESSAGES.dateInvalid}` })
    .optional()
    .or(z.literal('').transform(() => undefined));

const courseTermSchema = z.object({
  sectionId: z.uuid(ATTAINMENT_MESSAGES.sectionInvalid).optional(),
  from: dayField('From'),
  to: dayField('To'),
});
const inOrder = (term: { from?: string | undefined; to?: string | undefined }) =>
  !term.from || !term.to || term.from <= term.to;

/** `?sectionId&from&to`: the course's students (of one section) over a term's exams. */
export const courseAttainmentQuerySchema = courseTermSchema.refine(inOrder, {
  message: ATTAINMENT_MESSAGES.rangeOrder,
  path: ['to'],
});
/** The same with the file's `format`. */
export const courseAttainmentExportQuerySchema = courseTermSchema
  .extend({
    format: z.enum(EXPORT_FORMATS, { error: 'The format must be csv or xlsx' }).default('csv'),
  })
  .refine(inOrder, { message: ATTAINMENT_MESSAGES.rangeOrder, path: ['to'] });
export type CourseAttainmentQuery = z.output<typeof courseAttainmentQuerySchema>;

export const courseAttainmentDataSchema = z.object({
  course: z.object({ _id: z.string(), name: z.string(), batchName: z.string() }),
  sectionId: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  levels: attainmentLevelsSchema,
  /** The exams counted: published, results published, sat within the range. */
  exams: z.array(z.object({ _id: z.string(), title: z.string(), day: z.string() })),
  outcomes: z.array(outcomeAttainmentSchema),
});
export type CourseAttainmentData = z.infer<typeof courseAttainmentDataSchema>;
