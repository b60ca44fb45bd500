import { z } from 'zod';
import { idField, requiredNumber, requiredText } from './fields';

export const COURSE_TYPES = ['UG', 'PG', 'DIPLOMA', 'PHD', 'MPhil'] as const;
export const COURSE_TYPE_LABELS: Record<(typeof COURSE_TYPES)[number], string> = {
  UG: 'Undergraduate',
  PG: 'Postgraduate',
  DIPLOMA: 'Diploma',
  PHD: 'Ph.D.',
  MPhil: 'M.Phil',
};
export const courseTypeSchema = z.enum(COURSE_TYPES, {
  error: 'Please select a valid course type',
});
export type CourseType = z.infer<typeof courseTypeSchema>;

export const BATCH_LIMITS = {
  startYear: { min: 2000, max: 2050 },
  endYear: { min: 2000, max: 2060 },
  years: { min: 1, max: 10 },
} as const;

export const createBatchSchema = z
  .object({
    startYear: requiredNumber('Start year is required')
      .int('Start year must be a whole number')
      .min(BATCH_LIMITS.startYear.min, 'Start year must be at least 2000')
      .max(BATCH_LIMITS.startYear.max, 'Start year cannot be more than 2050'),
    endYear: requiredNumber('End year is required')
      .int('End year must be a whole number')
      .min(BATCH_LIMITS.endYear.min, 'End year must be at least 2000')
      .max(BATCH_LIMITS.endYear.max, 'End year cannot be more than 2060'),
  })
  .superRefine(({ startYear, endYear }, ctx) => {
    if (typeof startYear !== 'number' || typeof endYear !== 'number') return;
    if (endYear <= startYear) {
      ctx.addIssue({
        code: 'custom',
        path: ['endYear'],
        message: 'End year must be greater than start year',
      });
    } else if (endYear - startYear > BATCH_LIMITS.years.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['endYear'],
        message: 'Batch duration must be between 1 and 10 years',
      });
    }
  });
export type CreateBatchInput = z.input<typeof createBatchSchema>;

const totalSemestersSchema = requiredNumber('Total semesters is required')
  .int('Total semesters must be a whole number')
  .min(1, 'Total semesters must be at least 1')
  .max(20, 'Total semesters cannot exceed 20');
const durationYearsSchema = requiredNumber('Duration is required')
  .min(0.5, 'Duration must be at least 0.5 years')
  .max(10, 'Duration cannot exceed 10 years')
  .multipleOf(0.5, 'Duration must be in steps of 0.5 years');

export const createCourseSchema = z
  .object({
    batchId: idField('Batch is required', 'Please select a valid batch'),
    name: requiredText('Course name is required')
      .min(2, 'Course name must be at least 2 characters')
      .max(50, 'Course name cannot exceed 50 characters')
      .regex(
        /^[A-Za-z0-9.\s-]+$/,
        'Course name can only contain letters, numbers, dots, spaces and hyphens',
      ),
    fullName: requiredText('Full name is required')
      .min(5, 'Full name must be at least 5 characters')
      .max(100, 'Full name cannot exceed 100 characters')
      .regex(/^[A-Za-z.\s-]+$/, 'Full name can only contain letters, spaces, dots and hyphens'),
    totalSemesters: totalSemestersSchema,
    durationYears: durationYearsSchema,
    courseType: courseTypeSchema,
  })
  .superRefine(({ totalSemesters, durationYears }, ctx) => {
    // Consistency is only worth reporting once both figures are valid on their own.
    if (!totalSemestersSchema.safeParse(totalSemesters).success) return;
    if (!durationYearsSchema.safeParse(durationYears).success) return;
    const perYear = totalSemesters / durationYears;
    if (perYear < 1.5 || perYear > 2.5) {
      ctx.addIssue({
        code: 'custom',
        path: ['totalSemesters'],
        message: 'Duration and semesters should be consistent (typically 2 semesters per year)',
      });
    }
  });
export type CreateCourseInput = z.input<typeof createCourseSchema>;

export const createBranchSchema = z.object({
  courseId: idField('Course is required', 'Please select a valid course'),
  name: requiredText('Branch name is required')
    .min(2, 'Branch name must be at least 2 characters')
    .max(100, 'Branch name cannot exceed 100 characters'),
  code: requiredText('Branch code is required')
    .max(10, 'Branch code cannot exceed 10 characters')
    .regex(/^[A-Z0-9]+$/, 'Branch code can only contain uppercase letters and numbers'),
});
export type CreateBranchInput = z.input<typeof createBranchSchema>;

export const createSectionSchema = z.object({
  branchId: idField('Branch is required', 'Please select a valid branch'),
  name: requiredText('Section name is required')
    .max(50, 'Section name cannot exceed 50 characters')
    .regex(
      /^[A-Za-z0-9\s-]+$/,
      'Section name can only contain letters, numbers, spaces and hyphens',
    ),
  capacity: requiredNumber('Capacity is required')
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1')
    .max(500, 'Capacity cannot exceed 500'),
});
export type CreateSectionInput = z.input<typeof createSectionSchema>;

/** Master data records are Active when created; the views show any other status in red. */
export const ACTIVE_STATUS = 'Active';

const timestamps = { createdAt: z.string(), updatedAt: z.string() };

export const batchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  startYear: z.number(),
  endYear: z.number(),
  status: z.string(),
  ...timestamps,
});
export type Batch = z.infer<typeof batchSchema>;

export const courseSchema = z.object({
  _id: z.string(),
  batchId: z.string(),
  name: z.string(),
  fullName: z.string(),
  totalSemesters: z.number(),
  durationYears: z.number(),
  courseType: courseTypeSchema,
  status: z.string(),
  ...timestamps,
});
export type Course = z.infer<typeof courseSchema>;

export const branchSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  name: z.string(),
  code: z.string(),
  status: z.string(),
  ...timestamps,
});
export type Branch = z.infer<typeof branchSchema>;

export const sectionSchema = z.object({
  _id: z.string(),
  branchId: z.string(),
  name: z.string(),
  capacity: z.number(),
  status: z.string(),
  ...timestamps,
});
export type Section = z.infer<typeof sectionSchema>;

export const masterDataCountsSchema = z.object({
  batches: z.number(),
  courses: z.number(),
  branches: z.number(),
  sections: z.number(),
});
export type MasterDataCounts = z.infer<typeof masterDataCountsSchema>;

/** Query strings of the cascade calls (spec section 7). */
export const coursesByBatchQuerySchema = z.object({
  batchId: idField('Batch is required', 'Please select a valid batch'),
});
export const branchesByCourseQuerySchema = z.object({
  courseId: idField('Course is required', 'Please select a valid course'),
});
export const sectionsByBranchQuerySchema = z.object({
  branchId: idField('Branch is required', 'Please select a valid branch'),
});

/** The spec's toasts of the master data forms and lookups (section 8). */
export const MASTER_DATA_MESSAGES = {
  batch: {
    created: 'Batch created successfully!',
    createFailed: 'Error creating batch',
    loadFailed: 'Failed to load batches',
  },
  course: {
    created: 'Course created successfully!',
    createFailed: 'Error creating course',
    loadFailed: 'Failed to load courses',
  },
  branch: {
    created: 'Branch created successfully!',
    createFailed: 'Error creating branch',
    loadFailed: 'Failed to load branches',
  },
  section: {
    created: 'Section created successfully!',
    createFailed: 'Error creating section',
    loadFailed: 'Failed to load sections',
  },
} as const;
