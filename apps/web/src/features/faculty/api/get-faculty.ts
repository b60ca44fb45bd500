import { facultyDetailDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyQueryKey } from './keys';

const facultyResponseSchema = successResponse(facultyDetailDataSchema);

/** GET /admin/get-faculty/{id}: the faculty member, or null when the list comes back empty. */
export async function getFaculty(id: string) {
  const response = await apiClient.get(`/admin/get-faculty/${encodeURIComponent(id)}`);
  return parseResponse(facultyResponseSchema, response.data).data.faculty[0] ?? null;
}

export function getFacultyQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...facultyQueryKey, 'detail', id],
    queryFn: () => getFaculty(id),
  });
}

export function useFaculty(id: string) {
  return useQuery(getFacultyQueryOptions(id));
}
