import { branchSchema, MASTER_DATA_MESSAGES, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

const branchesResponseSchema = successResponse(z.array(branchSchema));

/**
 * Invalidated by the matching create call, so every view of the list refreshes. The cascade
 * lookup's keys start with it, so they refresh too.
 */
export const branchesQueryKey = ['master-data', 'branches'] as const;

/** GET /admin/get-branches: every branch. */
export async function getBranches() {
  const response = await apiClient.get('/admin/get-branches');
  return parseResponse(branchesResponseSchema, response.data).data;
}

export function getBranchesQueryOptions() {
  return queryOptions({
    queryKey: branchesQueryKey,
    queryFn: getBranches,
    meta: { errorMessage: MASTER_DATA_MESSAGES.branch.loadFailed },
  });
}

export function useBranches() {
  return useQuery(getBranchesQueryOptions());
}
