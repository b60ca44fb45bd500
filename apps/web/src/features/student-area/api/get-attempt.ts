import { attemptIdParamSchema, attemptViewSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { withReceivedAt } from '../server-time';
import { attemptQueryKey } from './keys';

const attemptResponseSchema = successResponse(attemptViewSchema);

export type AttemptViewData = NonNullable<Awaited<ReturnType<typeof getAttempt>>>;

/** How often a page whose time is over asks whether the server has submitted the attempt yet. */
const SUBMISSION_POLL_MS = 3000;

/**
 * GET /student/get-attempt/{attemptId}: everything the attempt page shows. A malformed id in the
 * address names no attempt, so it is not sent.
 */
export async function getAttempt(attemptId: string) {
  if (!attemptIdParamSchema.safeParse({ attemptId }).success) return null;
  const response = await apiClient.get(`/student/get-attempt/${attemptId}`);
  return withReceivedAt(parseResponse(attemptResponseSchema, response.data).data);
}

export function getAttemptQueryOptions(attemptId: string) {
  return queryOptions({
    queryKey: attemptQueryKey(attemptId),
    queryFn: () => getAttempt(attemptId),
  });
}

/**
 * The attempt; with `awaitSubmission`, asked again every few seconds until the server has
 * submitted it (the deadline passed on this page, and the server finalises at the deadline).
 */
export function useAttempt(attemptId: string, { awaitSubmission = false } = {}) {
  return useQuery({
    ...getAttemptQueryOptions(attemptId),
    refetchInterval: (query) =>
      awaitSubmission && query.state.data?.attempt.status === 'IN_PROGRESS'
        ? SUBMISSION_POLL_MS
        : false,
  });
}
