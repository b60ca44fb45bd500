import { z } from 'zod';
import { EXAM_MODES, EXAM_STATUSES } from './exams';
import { MASTER_DATA_STATUSES } from './master-data';
import { facultyListDataSchema, pageQuerySchema } from './people';

// --- Finding records in the admin's lists: search, filters, sort and page size -----------------

export const SEARCH_MAX_LENGTH = 100;

/** The page sizes a list offers; the spec's 10 first, the default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A student or faculty member is Active when both their record and their account are. */
export const PERSON_STATUSES = MASTER_DATA_STATUSES;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** The columns each list sorts by; `createdAt` (newest first) when none is asked for. */
export const STUDENT_SORTS = ['createdAt', 'name', 'studentId', 'rollNumber', 'email'] as const;
export const FACULTY_SORTS = [
  'createdAt',
  'name',
  'facultyId',
  'employeeId',
  'department',
  'designation',
] as const;
export const EXAM_SORTS = ['createdAt', 'schedule', 'title'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
export type FacultySort = (typeof FACULTY_SORTS)[number];
export type ExamSort = (typeof EXAM_SORTS)[number];

/** A list's order when none is asked for: the newest first, any other column from A. */
export function defaultOrderOf(sort: string): SortOrder {
  return sort === 'createdAt' ? 'desc' : 'asc';
}

export const FIND_MESSAGES = {
  searchTooLong: `Search cannot exceed ${SEARCH_MAX_LENGTH} characters`,
  order: 'Order must be asc or desc',
  sort: (sorts: readonly string[]) => `Sort must be one of ${sorts.join(', ')}`,
  status: 'Status must be Active or Inactive',
  batchNotFound: 'Batch not found',
  courseNotFound: 'Course not found',
  branchNotFound: 'Branch not found',
  sectionNotFound: 'Section not found',
  departmentNotFound: 'No faculty member is in this department',
  designationNotFound: 'No faculty member has this designation',
  mode: 'Mode must be AUTO or PROCTORING',
  examStatus: 'Status must be DRAFT or PUBLISH',
} as const;

/**
 * Free text, trimmed; blank means no search. Any character is taken literally but NUL, which no
 * stored text can hold (PostgreSQL refuses it in a parameter), so it is dropped.
 */
export const searchField = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, FIND_MESSAGES.searchTooLong)
  .optional()
  .transform((value) => value?.replaceAll('\0', '').trim() || undefined);

/** `?page&limit&search` of a list that only searches. */
export const searchQuerySchema = pageQuerySchema.extend({ search: searchField });
export type SearchQuery = z.output<typeof searchQuerySchema>;

const idFilter = (label: string) => z.uuid(`Please select a valid ${label}`).optional();
const sortField = <Sorts extends readonly [string, ...string[]]>(sorts: Sorts) =>
  z.enum(sorts, { error: FIND_MESSAGES.sort(sorts) }).default(sorts[0]);
const orderField = z.enum(SORT_ORDERS, { error: FIND_MESSAGES.order }).optional();
const statusFilter = z.enum(PERSON_STATUSES, { error: FIND_MESSAGES.status }).optional();

export const studentListQuerySchema = searchQuerySchema.extend({
  batch: idFilter('batch'),
  course: idFilter('course'),
  branch: idFilter('branch'),
  section: idFilter('section'),
  status: statusFilter,
  sort: sortField(STUDENT_SORTS),
  order: orderField,
});
export type StudentListQuery = z.output<typeof studentListQuerySchema>;

export const facultyListQuerySchema = searchQuerySchema.extend({
  // As typed on the records, matched ignoring case.
  department: searchField,
  designation: searchField,
  status: statusFilter,
  sort: sortField(FACULTY_SORTS),
  order: orderField,
});
export type FacultyListQuery = z.output<typeof facultyListQuerySchema>;

export const examListQuerySchema = searchQuerySchema.extend({
  mode: z.enum(EXAM_MODES, { error: FIND_MESSAGES.mode }).optional(),
  status: z.enum(EXAM_STATUSES, { error: FIND_MESSAGES.examStatus }).optional(),
  batch: idFilter('batch'),
  sort: sortField(EXAM_SORTS),
  order: orderField,
});
export type ExamListQuery = z.output<typeof examListQuerySchema>;

/** The parents a master data list is narrowed to; each filter may be given alone. */
export const courseListQuerySchema = z.object({ batchId: idFilter('batch') });
export type CourseListQuery = z.output<typeof courseListQuerySchema>;

export const branchListQuerySchema = courseListQuerySchema.extend({ courseId: idFilter('course') });
export type BranchListQuery = z.output<typeof branchListQuerySchema>;

export const sectionListQuerySchema = branchListQuerySchema.extend({
  branchId: idFilter('branch'),
});
export type SectionListQuery = z.output<typeof sectionListQuerySchema>;

/** The departments and designations faculty records hold, for the list's filters. */
export const facultyFacetsSchema = z.object({
  departments: z.array(z.string()),
  designations: z.array(z.string()),
});
export type FacultyFacets = z.infer<typeof facultyFacetsSchema>;

/** A page of the faculty list, with the departments and designations its filters offer. */
export const facultyFindDataSchema = facultyListDataSchema.extend({ facets: facultyFacetsSchema });
export type FacultyFindData = z.infer<typeof facultyFindDataSchema>;
