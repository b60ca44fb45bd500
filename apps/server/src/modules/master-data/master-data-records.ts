import type { Batch, Branch, Course, Section } from '@examiq/contracts';
import type { batches, branches, courses, sections } from '../../db/schema';

export type BatchRow = typeof batches.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;

export const MASTER_DATA_NOT_FOUND = {
  batch: 'Batch not found',
  course: 'Course not found',
  branch: 'Branch not found',
} as const;

/** A record another of its kind already holds the place of: on create and on edit alike. */
export const MASTER_DATA_DUPLICATE = {
  batch: (startYear: number, endYear: number) => `Batch ${startYear}-${endYear} already exists`,
  course: (name: string, batchName: string | undefined) =>
    `Course "${name}" already exists in batch ${batchName}`,
  branch: (code: string) => `Branch code "${code}" already exists in this course`,
  section: (name: string) => `Section "${name}" already exists in this branch`,
};

export const MASTER_DATA_CREATED = {
  batch: 'Batch created successfully',
  course: 'Course created successfully',
  branch: 'Branch created successfully',
  section: 'Section created successfully',
} as const;

function timestampsOf(row: { createdAt: Date; updatedAt: Date }) {
  return { createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function toBatchDto(row: BatchRow): Batch {
  return {
    _id: row.id,
    name: row.name,
    startYear: row.startYear,
    endYear: row.endYear,
    status: row.status,
    ...timestampsOf(row),
  };
}

export function toCourseDto(row: CourseRow): Course {
  return {
    _id: row.id,
    batchId: row.batchId,
    name: row.name,
    fullName: row.fullName,
    totalSemesters: row.totalSemesters,
    durationYears: row.durationYears,
    courseType: row.courseType,
    status: row.status,
    ...timestampsOf(row),
  };
}

export function toBranchDto(row: BranchRow): Branch {
  return {
    _id: row.id,
    courseId: row.courseId,
    name: row.name,
    code: row.code,
    status: row.status,
    ...timestampsOf(row),
  };
}

export function toSectionDto(row: SectionRow): Section {
  return {
    _id: row.id,
    branchId: row.branchId,
    name: row.name,
    capacity: row.capacity,
    status: row.status,
    ...timestampsOf(row),
  };
}

/** How the audit log names each kind of record. */
export const MASTER_DATA_LABEL = {
  batch: (row: { name: string }) => row.name,
  course: (row: { name: string }) => row.name,
  branch: (row: { name: string; code: string }) => `${row.name} (${row.code})`,
  section: (row: { name: string }) => `Section ${row.name}`,
};
