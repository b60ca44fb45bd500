import { useFileExport } from '@/lib/use-file-export';
import type { StudentsQuery } from './get-students';

/**
 * GET /admin/export/students?format&search&…filters: every student the list's search and filters
 * find, its paging and sort left out, saved as a file.
 */
export function useExportStudents({ page, limit, sort, order, ...filters }: StudentsQuery) {
  return useFileExport('/admin/export/students', 'students', filters);
}
