import type { ExportFormat } from '@examiq/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /admin/export-exam-results/{examId}?format: the exam's results as a file, saved. */
export async function exportExamResults(examId: string, format: ExportFormat, fileName: string) {
  const file = await apiClient.getFile(`/admin/export-exam-results/${encodeURIComponent(examId)}`, {
    params: { format },
  });
  saveFile(file, `${fileName}.${format}`);
}

export function useExportExamResults(examId: string, fileName: string) {
  return useMutation({
    mutationFn: (format: ExportFormat) => exportExamResults(examId, format, fileName),
  });
}
