import { attemptTimelineSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { attemptTimelineQueryKey } from './keys';

const attemptTimelineResponseSchema = successResponse(attemptTimelineSchema);

/** GET /admin/get-attempt-timeline/{attemptId}: one attempt's events, alerts and proctor actions. */
export async function getAttemptTimeline(attemptId: string) {
  const response = await apiClient.get(
    `/admin/get-attempt-timeline/${encodeURIComponent(attemptId)}`,
  );
  return parseResponse(attemptTimelineResponseSchema, response.data).data;
}

export function getAttemptTimelineQueryOptions(attemptId: string) {
  return queryOptions({
    queryKey: attemptTimelineQueryKey(attemptId),
    queryFn: () => getAttemptTimeline(attemptId),
  });
}

export function useAttemptTimeline(attemptId: string) {
  return useQuery(getAttemptTimelineQueryOptions(attemptId));
}
