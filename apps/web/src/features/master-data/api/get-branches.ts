import { branchSchema, MASTER_DATA_MESSAGES, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { branchesQueryKey } from '@/lib/lookups/keys';

const branchesResponseSchema = successResponse(z.array(branchSchema));

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
