import {
  type GrantExtraTimePayload,
  grantExtraTimeDataSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { sittingsQueryKey } from './keys';

const grantExtraTimeResponseSchema = successResponse(grantExtraTimeDataSchema);

/**
 * POST /admin/grant-extra-time: sets the student's total extra time on the exam, replacing an
 * earlier grant; answers with the allowance and the attempt, if the student has started.
 */
export async function grantExtraTime(payload: GrantExtraTimePayload) {
  const response = await apiClient.post('/admin/grant-extra-time', payload);
  return parseResponse(grantExtraTimeResponseSchema, response.data);
}

export function useGrantExtraTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantExtraTime,
    // After a refusal too: a 409 means the row on screen is out of date (the student submitted
    // meanwhile). Awaited, so the dialog stays busy until the refreshed row is on screen.
    onSettled: (_data, _error, { examId }) =>
      queryClient.invalidateQueries({ queryKey: sittingsQueryKey(examId) }),
  });
}
