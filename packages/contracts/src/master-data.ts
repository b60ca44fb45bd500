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

/** Master data records are Active when created; an edit can set them Inactive and back. */
export const MASTER_DATA_STATUSES = ['Active', 'Inactive'] as const;
export const masterDataStatusSchema = z.enum(MASTER_DATA_STATUSES, {
  error: 'Please select a valid status',
});
export type MasterDataStatus = z.infer<typeof masterDataStatusSchema>;

const batchShape = {
  startYear: requiredNumber('Start year is required')
    .int('Start year must be a whole number')
    .min(BATCH_LIMITS.startYear.min, 'Start year must be at least 2000')
    .max(BATCH_LIMITS.startYear.max, 'Start year cannot be more than 2050'),
  endYear: requiredNumber('End year is required')
    .int('End year must be a whole number')
    .min(BATCH_LIMITS.endYear.min, 'End year must be at least 2000')
    .max(BATCH_LIMITS.endYear.max, 'End year cannot be more than 2060'),
};

function checkBatchYears(
  { startYear, endYear }: { startYear?: unknown; endYear?: unknown },
  ctx: z.RefinementCtx,
) {
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
}

export const createBatchSchema = z.object(batchShape).superRefine(checkBatchYears);
export type CreateBatchInput = z.input<typeof createBatchSchema>;

const totalSemestersSchema = requiredNumber('Total semesters is required')
  .int('Total semesters must be a whole number')
  .min(1, 'Total semesters must be at least 1')
  .max(20, 'Total semesters cannot exceed 20');
const durationYearsSchema = requiredNumber('Duration is required')
  .min(0.5, 'Duration must be at least 0.5 years')
  .max(10, 'Duration cannot exceed 10 years')
  .multipleOf(0.5, 'Duration must be in steps of 0.5 years');

const courseShape = {
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
};

function checkCourseLength(
  { totalSemesters, durationYears }: { totalSemesters?: unknown; durationYears?: unknown },
  ctx: z.RefinementCtx,
) {
  // Consistency is only worth reporting once both figures are valid on their own.
  const semesters = totalSemestersSchema.safeParse(totalSemesters);
  const years = durationYearsSchema.safeParse(durationYears);
  if (!semesters.success || !years.success) return;
  const perYear = semesters.data / years.data;
  if (perYear < 1.5 || perYear > 2.5) {
    ctx.addIssue({
      code: 'custom',
      path: ['totalSemesters'],
      message: 'Duration and semesters should be consistent (typically 2 semesters per year)',
    });
  }
}

export const createCourseSchema = z
  .object({ batchId: idField('Batch is required', 'Please select a valid batch'), ...courseShape })
  .superRefine(checkCourseLength);
export type CreateCourseInput = z.input<typeof createCourseSchema>;

const branchShape = {
  name: requiredText('Branch name is required')
    .min(2, 'Branch name must be at least 2 characters')
    .max(100, 'Branch name cannot exceed 100 characters'),
  code: requiredText('Branch code is required')
    .max(10, 'Branch code cannot exceed 10 characters')
    .regex(/^[A-Z0-9]+$/, 'Branch code can only contain uppercase letters and numbers'),
};

export const createBranchSchema = z.object({
  courseId: idField('Course is required', 'Please select a valid course'),
  ...branchShape,
});
export type CreateBranchInput = z.input<typeof createBranchSchema>;

const sectionShape = {
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
};

export const createSectionSchema = z.object({
  branchId: idField('Branch is required', 'Please select a valid branch'),
  ...sectionShape,
});
export type CreateSectionInput = z.input<typeof createSectionSchema>;

// An edit keeps the record under its parent: moving a course to another batch (or a branch,
// a section) would take its students out of the nesting their placement was checked against.
const status = { status: masterDataStatusSchema };

// The checks across fields guard their own types, so they run beside a wrong status too.
const always = { when: () => true };

export const updateBatchSchema = z
  .object({ ...batchShape, ...status })
  .superRefine(checkBatchYears, always);
export type UpdateBatchInput = z.input<typeof updateBatchSchema>;

export const updateCourseSchema = z
  .object({ ...courseShape, ...status })
  .superRefine(checkCourseLength, always);
export type UpdateCourseInput = z.input<typeof updateCourseSchema>;

export const updateBranchSchema = z.object({ ...branchShape, ...status });
export type UpdateBranchInput = z.input<typeof updateBranchSchema>;

export const updateSectionSchema = z.object({ ...sectionShape, ...status });
export type UpdateSectionInput = z.input<typeof updateSectionSchema>;

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

/** A parent of a record, as the lists name it. */
const parentSchema = z.object({ _id: z.string(), name: z.string() });

/** Where a record sits, from itself up to its batch: 'Section A · CSE · B.Tech · 2024-2028'. */
export const MASTER_DATA_PATH_SEPARATOR = ' · ';

// The lists' records carry their parents and their path, so a view shows where each sits.
export const courseListItemSchema = courseSchema.extend({ batch: parentSchema, path: z.string() });
export type CourseListItem = z.infer<typeof courseListItemSchema>;

export const branchListItemSchema = branchSchema.extend({
  batch: parentSchema,
  course: parentSchema,
  path: z.string(),
});
export type BranchListItem = z.infer<typeof branchListItemSchema>;

export const sectionListItemSchema = sectionSchema.extend({
  batch: parentSchema,
  course: parentSchema,
  branch: parentSchema.extend({ code: z.string() }),
  path: z.string(),
});
export type SectionListItem = z.infer<typeof sectionListItemSchema>;

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
    updated: 'Batch updated successfully',
    updateFailed: 'Error updating batch',
    deleted: 'Batch deleted successfully',
    deleteFailed: 'Error deleting batch',
    notFound: 'Batch not found',
  },
  course: {
    created: 'Course created successfully!',
    createFailed: 'Error creating course',
    loadFailed: 'Failed to load courses',
    updated: 'Course updated successfully',
    updateFailed: 'Error updating course',
    deleted: 'Course deleted successfully',
    deleteFailed: 'Error deleting course',
    notFound: 'Course not found',
  },
  branch: {
    created: 'Branch created successfully!',
    createFailed: 'Error creating branch',
    loadFailed: 'Failed to load branches',
    updated: 'Branch updated successfully',
    updateFailed: 'Error updating branch',
    deleted: 'Branch deleted successfully',
    deleteFailed: 'Error deleting branch',
    notFound: 'Branch not found',
  },
  section: {
    created: 'Section created successfully!',
    createFailed: 'Error creating section',
    loadFailed: 'Failed to load sections',
    updated: 'Section updated successfully',
    updateFailed: 'Error updating section',
    deleted: 'Section deleted successfully',
    deleteFailed: 'Error deleting section',
    notFound: 'Section not found',
  },
} as const;
