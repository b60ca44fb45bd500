import { batchSchema, MASTER_DATA_MESSAGES, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { batchesQueryKey, type LookupFailure, lookupMeta } from './keys';

const batchesResponseSchema = successResponse(z.array(batchSchema));

/** GET /admin/get-batches: every batch. */
export async function getBatches() {
  const response = await apiClient.get('/admin/get-batches');
  return parseResponse(batchesResponseSchema, response.data).data;
}

export function getBatchesQueryOptions(failure: LookupFailure = 'toast') {
  return queryOptions({
    queryKey: batchesQueryKey,
    queryFn: getBatches,
    meta: lookupMeta(MASTER_DATA_MESSAGES.batch.loadFailed, failure),
  });
}

export function useBatches(failure: LookupFailure = 'toast') {
  return useQuery(getBatchesQueryOptions(failure));
}
