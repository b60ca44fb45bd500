import { type FacultyListQuery, facultyFindDataSchema, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyQueryKey } from './keys';

const facultyListResponseSchema = successResponse(facultyFindDataSchema);

/** What the list asks for, as its address holds it; left-out values take the call's defaults. */
export type FacultyQuery = Partial<Record<keyof FacultyListQuery, string | number>>;

/**
 * GET /admin/get-all-faculty?page&limit&search&department&designation&status&sort&order: one page
 * of faculty members, with the departments and designations to filter by.
 */
export async function getFacultyList(query: FacultyQuery) {
  const response = await apiClient.get('/admin/get-all-faculty', { params: query });
  return parseResponse(facultyListResponseSchema, response.data).data;
}

export function getFacultyListQueryOptions(query: FacultyQuery) {
  return queryOptions({
    queryKey: [...facultyQueryKey, 'list', query],
    queryFn: () => getFacultyList(query),
    // The page being left stays on screen until the next one arrives, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useFacultyList(query: FacultyQuery) {
  return useQuery(getFacultyListQueryOptions(query));
}
