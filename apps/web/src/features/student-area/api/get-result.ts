import { examIdParamSchema, studentResultDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { resultQueryKey } from './keys';

const resultResponseSchema = successResponse(studentResultDataSchema);

/**
 * GET /student/get-result/{examId}: the student's published result. A malformed id in the
 * address names no exam, so it is not sent.
 */
export async function getResult(examId: string) {
  if (!examIdParamSchema.safeParse({ examId }).success) return null;
  const response = await apiClient.get(`/student/get-result/${examId}`);
  return parseResponse(resultResponseSchema, response.data).data;
}

export function useResult(examId: string) {
  return useQuery(
    queryOptions({ queryKey: resultQueryKey(examId), queryFn: () => getResult(examId) }),
  );
}
