import { evaluatorsDataSchema, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { evaluatorsQueryKey } from './keys';

const evaluatorsResponseSchema = successResponse(evaluatorsDataSchema);

/** PUT /admin/set-exam-evaluators/{examId}: replaces the evaluators; none returns to proctors. */
export async function setExamEvaluators({
  examId,
  evaluatorIds,
}: {
  examId: string;
  evaluatorIds: string[];
}) {
  const response = await apiClient.put(`/admin/set-exam-evaluators/${examId}`, { evaluatorIds });
  return parseResponse(evaluatorsResponseSchema, response.data);
}

export function useSetExamEvaluators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setExamEvaluators,
    onSuccess: ({ data }, { examId }) => queryClient.setQueryData(evaluatorsQueryKey(examId), data),
  });
}
