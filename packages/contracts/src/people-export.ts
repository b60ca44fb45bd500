import type { z } from 'zod';
import { facultyListQuerySchema, studentListQuerySchema } from './find';
import { exportQuerySchema } from './results';

const NOT_EXPORTED = { page: true, limit: true, sort: true, order: true } as const;

/**
 * `?format&search&…filters` of a student list export: the list's search and filters without its
 * paging, so the file holds every student the list finds.
 */
export const studentExportQuerySchema = studentListQuerySchema
  .omit(NOT_EXPORTED)
  .extend(exportQuerySchema.shape);
export type StudentExportQuery = z.output<typeof studentExportQuerySchema>;

/** `?format&search&…filters` of a faculty list export. */
export const facultyExportQuerySchema = facultyListQuerySchema
  .omit(NOT_EXPORTED)
  .extend(exportQuerySchema.shape);
export type FacultyExportQuery = z.output<typeof facultyExportQuerySchema>;

/** What the list pages say when an export fails without a message from the server. */
export const PEOPLE_EXPORT_MESSAGES = {
  students: 'Failed to export the students',
  faculty: 'Failed to export the faculty',
} as const;
