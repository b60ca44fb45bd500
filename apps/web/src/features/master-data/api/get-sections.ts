import {
  MASTER_DATA_MESSAGES,
  type SectionListQuery,
  sectionListItemSchema,
  successResponse,
} from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { sectionsQueryKey } from '@/lib/lookups/keys';

const sectionsResponseSchema = successResponse(z.array(sectionListItemSchema));

/** GET /admin/get-sections?batchId&courseId&branchId: every section, or those under a parent, each with its parents and path. */
export async function getSections(filters: SectionListQuery) {
  const response = await apiClient.get('/admin/get-sections', { params: filters });
  return parseResponse(sectionsResponseSchema, response.data).data;
}

export function getSectionsQueryOptions(filters: SectionListQuery) {
  return queryOptions({
    queryKey: [...sectionsQueryKey, 'list', filters],
    queryFn: () => getSections(filters),
    meta: { errorMessage: MASTER_DATA_MESSAGES.section.loadFailed },
    // The cards shown stay until those of a new filter arrive, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useSections(filters: SectionListQuery = {}) {
  return useQuery(getSectionsQueryOptions(filters));
}
