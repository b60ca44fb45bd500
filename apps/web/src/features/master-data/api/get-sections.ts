import { MASTER_DATA_MESSAGES, sectionSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

const sectionsResponseSchema = successResponse(z.array(sectionSchema));

/** Invalidated by the matching create call, so every view of the list refreshes. */
export const sectionsQueryKey = ['master-data', 'sections'] as const;

/** GET /admin/get-sections: every section. */
export async function getSections() {
  const response = await apiClient.get('/admin/get-sections');
  return parseResponse(sectionsResponseSchema, response.data).data;
}

export function getSectionsQueryOptions() {
  return queryOptions({
    queryKey: sectionsQueryKey,
    queryFn: getSections,
    meta: { errorMessage: MASTER_DATA_MESSAGES.section.loadFailed },
  });
}

export function useSections() {
  return useQuery(getSectionsQueryOptions());
}
