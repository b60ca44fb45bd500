import { batchSchema, MASTER_DATA_MESSAGES, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

const batchesResponseSchema = successResponse(z.array(batchSchema));

/** Invalidated by the matching create call, so every view of the list refreshes. */
export const batchesQueryKey = ['master-data', 'batches'] as const;

/** GET /admin/get-batches: every batch. */
export async function getBatches() {
  const response = await apiClient.get('/admin/get-batches');
  return parseResponse(batchesResponseSchema, response.data).data;
}

export function getBatchesQueryOptions() {
  return queryOptions({
    queryKey: batchesQueryKey,
    queryFn: getBatches,
    meta: { errorMessage: MASTER_DATA_MESSAGES.batch.loadFailed },
  });
}

export function useBatches() {
  return useQuery(getBatchesQueryOptions());
}
