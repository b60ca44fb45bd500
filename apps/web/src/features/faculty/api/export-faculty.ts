import { useFileExport } from '@/lib/use-file-export';
import type { FacultyQuery } from './get-faculty-list';

/**
 * GET /admin/export/faculty?format&search&…filters: every faculty member the list's search and
 * filters find, its paging and sort left out, saved as a file.
 */
export function useExportFaculty({ page, limit, sort, order, ...filters }: FacultyQuery) {
  return useFileExport('/admin/export/faculty', 'faculty', filters);
}
