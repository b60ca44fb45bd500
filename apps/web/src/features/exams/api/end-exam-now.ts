import { endExamNowDataSchema, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examsQueryKey } from './keys';

const endExamNowResponseSchema = successResponse(endExamNowDataSchema);

/**
 * POST /admin/end-exam-now/{examId}: closes a running exam's window now and submits every attempt
 * in progress with what was saved; answers with how many and the schedule as it now reads.
 */
export async function endExamNow(examId: string) {
  const response = await apiClient.post(`/admin/end-exam-now/${examId}`);
  return parseResponse(endExamNowResponseSchema, response.data);
}

export function useEndExamNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endExamNow,
    // After a refusal too: a 409 means the page was out of date (the exam ended meanwhile). The
    // exam's page, its sittings and every list show the new end.
    onSettled: () => queryClient.invalidateQueries({ queryKey: examsQueryKey }),
  });
}
