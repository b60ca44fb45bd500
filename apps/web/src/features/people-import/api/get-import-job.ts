import { type ImportJob, importJobSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { importJobQueryKey } from './keys';

/** How often a running import's progress is read. */
export const IMPORT_POLL_MS = 1_000;

const importJobResponseSchema = successResponse(importJobSchema);

/** Whether the job may still move: it is read again until it has ended. */
export const isImportRunning = (job: ImportJob) =>
  job.status === 'QUEUED' || job.status === 'RUNNING';

/** GET /admin/get-job/{id}: the import's progress, and its summary once it has ended. */
export async function getImportJob(id: string) {
  const response = await apiClient.get(`/admin/get-job/${encodeURIComponent(id)}`);
  return parseResponse(importJobResponseSchema, response.data).data;
}

/** The job, read again every second while it runs. */
export function useImportJob(id: string) {
  return useQuery(
    queryOptions({
      queryKey: importJobQueryKey(id),
      queryFn: () => getImportJob(id),
      refetchInterval: ({ state }) =>
        state.data && isImportRunning(state.data) && state.status !== 'error'
          ? IMPORT_POLL_MS
          : false,
    }),
  );
}
