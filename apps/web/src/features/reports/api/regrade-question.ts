import { type RegradePayload, regradeDataSchema, successResponse } from '@examiq/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const regradeResponseSchema = successResponse(regradeDataSchema);

/**
 * POST /admin/regrade-question/{examId}: with `dryRun`, whose results a corrected key changes;
 * without, the key corrected and the job re-scoring every attempt.
 */
export async function regradeQuestion(examId: string, payload: RegradePayload) {
  const response = await apiClient.post(
    `/admin/regrade-question/${encodeURIComponent(examId)}`,
    payload,
  );
  return parseResponse(regradeResponseSchema, response.data);
}

export function useRegradeQuestion(examId: string) {
  return useMutation({ mutationFn: (payload: RegradePayload) => regradeQuestion(examId, payload) });
}
