import { useFileExport } from '@/lib/use-file-export';

/** GET /admin/export-exam-results/{examId}?format: the exam's results as a file, saved. */
export function useExportExamResults(examId: string, fileName: string) {
  return useFileExport(`/admin/export-exam-results/${encodeURIComponent(examId)}`, fileName);
}
