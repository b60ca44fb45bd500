import {
  type ParseQuestionsData,
  parseQuestionsDataSchema,
  type QuestionImportFormat,
  successResponse,
} from '@examiq/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const parseQuestionsResponseSchema = successResponse(parseQuestionsDataSchema);

/**
 * POST /admin/parse-questions (multipart `format` + `file`): the file's questions as exam
 * questions, and why any were skipped. Nothing is stored: the wizard adds them to its form.
 */
export async function parseQuestions(file: File, format: QuestionImportFormat) {
  const form = new FormData();
  // The format first: the server reads the fields that came before the file as it streams in.
  form.set('format', format);
  form.set('file', file);
  const response = await apiClient.postForm('/admin/parse-questions', form);
  return parseResponse(parseQuestionsResponseSchema, response.data).data;
}

export function useParseQuestions() {
  return useMutation<ParseQuestionsData, Error, { file: File; format: QuestionImportFormat }>({
    mutationFn: ({ file, format }) => parseQuestions(file, format),
  });
}
