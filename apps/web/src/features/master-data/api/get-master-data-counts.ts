import { masterDataCountsSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const countsResponseSchema = successResponse(masterDataCountsSchema);

/** Invalidated by every create call, so the Master Data cards show the new figure. */
export const masterDataCountsQueryKey = ['master-data', 'counts'] as const;

/** GET /admin/get-master-data-counts: how many batches, courses, branches and sections exist. */
export async function getMasterDataCounts() {
  const response = await apiClient.get('/admin/get-master-data-counts');
  return parseResponse(countsResponseSchema, response.data).data;
}

export function getMasterDataCountsQueryOptions() {
  return queryOptions({ queryKey: masterDataCountsQueryKey, queryFn: getMasterDataCounts });
}

export function useMasterDataCounts() {
  return useQuery(getMasterDataCountsQueryOptions());
}
