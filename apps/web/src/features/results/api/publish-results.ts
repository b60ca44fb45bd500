import { publishResultsDataSchema, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { resultsQueryKey } from './keys';

const publishResultsResponseSchema = successResponse(publishResultsDataSchema);

/** POST /admin/publish-results/{examId}: the exam's results go out to its students. */
export async function publishResults(examId: string) {
  const response = await apiClient.post(`/admin/publish-results/${encodeURIComponent(examId)}`);
  return parseResponse(publishResultsResponseSchema, response.data);
}

export function usePublishResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishResults,
    // After a refusal too: a 409 means what is on screen is out of date (an answer unmarked, a
    // publish from another tab). The dashboard counts pending results as well.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resultsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
