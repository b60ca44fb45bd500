import { useFileExport } from '@/lib/use-file-export';

/** GET /admin/export-exam-results/{examId}?format: the exam's results as a file, saved. */
export function useExportExamResults(examId: string, fileName: string) {
  return useFileExport(`/admin/export-exam-results/${encodeURIComponent(examId)}`, fileName);
}

/** GET /admin/export-exam-answers/{examId}?format: every submitted answer as a file, saved. */
export function useExportExamAnswers(examId: string, fileName: string) {
  return useFileExport(`/admin/export-exam-answers/${encodeURIComponent(examId)}`, fileName);
}
