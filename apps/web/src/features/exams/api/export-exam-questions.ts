import { QUESTION_EXPORT_EXTENSIONS, type QuestionExportFormat } from '@examiq/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /admin/export-exam-questions/{examId}?format: the questions with their keys, saved. */
export async function exportExamQuestions(
  examId: string,
  format: QuestionExportFormat,
  fileName: string,
) {
  const file = await apiClient.getFile(
    `/admin/export-exam-questions/${encodeURIComponent(examId)}`,
    { params: { format } },
  );
  saveFile(file, `${fileName}.${QUESTION_EXPORT_EXTENSIONS[format]}`);
}

export function useExportExamQuestions(examId: string, fileName: string) {
  return useMutation({
    mutationFn: (format: QuestionExportFormat) => exportExamQuestions(examId, format, fileName),
  });
}
