import { MASTER_DATA_MESSAGES, sectionSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { type LookupFailure, lookupMeta, sectionsQueryKey } from './keys';

const sectionsResponseSchema = successResponse(z.array(sectionSchema));

/** GET /admin/get-sections-by-branch?branchId=…: the sections of one branch. */
export async function getSectionsByBranch(branchId: string) {
  const response = await apiClient.get('/admin/get-sections-by-branch', { params: { branchId } });
  return parseResponse(sectionsResponseSchema, response.data).data;
}

export function getSectionsByBranchQueryOptions(
  branchId: string,
  failure: LookupFailure = 'toast',
) {
  return queryOptions({
    queryKey: [...sectionsQueryKey, 'by-branch', branchId],
    queryFn: () => getSectionsByBranch(branchId),
    // Nothing to ask for until a branch is chosen.
    enabled: branchId !== '',
    meta: lookupMeta(MASTER_DATA_MESSAGES.section.loadFailed, failure),
  });
}

export function useSectionsByBranch(branchId: string, failure: LookupFailure = 'toast') {
  return useQuery(getSectionsByBranchQueryOptions(branchId, failure));
}
