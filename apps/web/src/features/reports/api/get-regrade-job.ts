import { regradeJobSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { regradeJobQueryKey } from './keys';

/** How often a running regrade's progress is read. */
export const REGRADE_POLL_MS = 1_000;

const regradeJobResponseSchema = successResponse(regradeJobSchema);

/** GET /admin/get-regrade-job/{jobId}: the job's status and progress. */
export async function getRegradeJob(jobId: string) {
  const response = await apiClient.get(`/admin/get-regrade-job/${encodeURIComponent(jobId)}`);
  return parseResponse(regradeJobResponseSchema, response.data).data;
}

/** The job, read again every second while it runs; none while there is no job to follow. */
export function useRegradeJob(jobId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: regradeJobQueryKey(jobId ?? ''),
      queryFn: () => getRegradeJob(jobId as string),
      enabled: jobId !== null,
      refetchInterval: ({ state }) =>
        state.data?.status === 'RUNNING' && state.status !== 'error' ? REGRADE_POLL_MS : false,
    }),
  );
}
