import { facultyListDataSchema, LIST_PAGE_SIZE, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyQueryKey } from './keys';

const facultyListResponseSchema = successResponse(facultyListDataSchema);

/** GET /admin/get-all-faculty?page&limit: one page of faculty members. */
export async function getFacultyList(page: number) {
  const response = await apiClient.get('/admin/get-all-faculty', {
    params: { page, limit: LIST_PAGE_SIZE },
  });
  return parseResponse(facultyListResponseSchema, response.data).data;
}

export function getFacultyListQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...facultyQueryKey, 'list', page],
    queryFn: () => getFacultyList(page),
    // The page being left stays on screen until the next one arrives, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useFacultyList(page: number) {
  return useQuery(getFacultyListQueryOptions(page));
}
