import {
  type BranchListQuery,
  branchListItemSchema,
  MASTER_DATA_MESSAGES,
  successResponse,
} from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { branchesQueryKey } from '@/lib/lookups/keys';

const branchesResponseSchema = successResponse(z.array(branchListItemSchema));

/** GET /admin/get-branches?batchId&courseId: every branch, or those under a batch or course, each with its parents and path. */
export async function getBranches(filters: BranchListQuery) {
  const response = await apiClient.get('/admin/get-branches', { params: filters });
  return parseResponse(branchesResponseSchema, response.data).data;
}

export function getBranchesQueryOptions(filters: BranchListQuery) {
  return queryOptions({
    queryKey: [...branchesQueryKey, 'list', filters],
    queryFn: () => getBranches(filters),
    meta: { errorMessage: MASTER_DATA_MESSAGES.branch.loadFailed },
    // The cards shown stay until those of a new filter arrive, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useBranches(filters: BranchListQuery = {}) {
  return useQuery(getBranchesQueryOptions(filters));
}
