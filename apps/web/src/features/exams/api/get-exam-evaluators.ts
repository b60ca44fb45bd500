import { evaluatorsDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { evaluatorsQueryKey } from './keys';

const evaluatorsResponseSchema = successResponse(evaluatorsDataSchema);

/** GET /admin/get-exam-evaluators/{examId}: the chosen evaluators, or the proctors by default. */
export async function getExamEvaluators(examId: string) {
  const response = await apiClient.get(`/admin/get-exam-evaluators/${examId}`);
  return parseResponse(evaluatorsResponseSchema, response.data).data;
}

export function useExamEvaluators(examId: string) {
  return useQuery(
    queryOptions({
      queryKey: evaluatorsQueryKey(examId),
      queryFn: () => getExamEvaluators(examId),
    }),
  );
}
