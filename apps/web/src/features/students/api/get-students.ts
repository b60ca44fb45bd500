import { LIST_PAGE_SIZE, studentListDataSchema, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { studentsQueryKey } from './keys';

const studentsResponseSchema = successResponse(studentListDataSchema);

/** GET /admin/get-all-student?page&limit: one page of students. */
export async function getStudents(page: number) {
  const response = await apiClient.get('/admin/get-all-student', {
    params: { page, limit: LIST_PAGE_SIZE },
  });
  return parseResponse(studentsResponseSchema, response.data).data;
}

export function getStudentsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...studentsQueryKey, 'list', page],
    queryFn: () => getStudents(page),
    // The page being left stays on screen until the next one arrives, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useStudents(page: number) {
  return useQuery(getStudentsQueryOptions(page));
}
