import { MASTER_DATA_MESSAGES, sectionSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { sectionsQueryKey } from '@/lib/lookups/keys';

const sectionsResponseSchema = successResponse(z.array(sectionSchema));

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
