import { proctorAlertSchema, type ReviewAlertPayload, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { attemptTimelineQueryKey, examResultsQueryKey } from './keys';

const reviewAlertResponseSchema = successResponse(proctorAlertSchema);

/** POST /admin/review-alert: dismisses or confirms a flag; a later review replaces an earlier one. */
export async function reviewAlert(payload: ReviewAlertPayload) {
  const response = await apiClient.post('/admin/review-alert', payload);
  return parseResponse(reviewAlertResponseSchema, response.data);
}

/** Reviews a flag of one attempt; its timeline and its exam's results (the badges) refresh. */
export function useReviewAlert({ examId, attemptId }: { examId: string; attemptId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAlert,
    // After a refusal too: the flag may have been reviewed meanwhile, from the monitor or another
    // tab. Awaited, so the buttons stay busy until the refreshed timeline is on screen.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attemptTimelineQueryKey(attemptId) }),
        queryClient.invalidateQueries({ queryKey: examResultsQueryKey(examId) }),
      ]),
  });
}
