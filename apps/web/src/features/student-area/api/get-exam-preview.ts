import { examIdParamSchema, examPreviewDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const previewResponseSchema = successResponse(examPreviewDataSchema);

/**
 * GET /admin/get-exam-preview/{examId}: the paper as a student is shown it. A malformed id in the
 * address names no exam, so it is not sent.
 */
export async function getExamPreview(examId: string) {
  if (!examIdParamSchema.safeParse({ examId }).success) return null;
  const response = await apiClient.get(`/admin/get-exam-preview/${examId}`);
  return parseResponse(previewResponseSchema, response.data).data;
}

export function getExamPreviewQueryOptions(examId: string) {
  return queryOptions({
    // An admin's query: it must not share the student area's keys, nor be kept once left.
    queryKey: ['exam-preview', examId],
    queryFn: () => getExamPreview(examId),
    gcTime: 0,
  });
}

export function useExamPreview(examId: string) {
  return useQuery(getExamPreviewQueryOptions(examId));
}
