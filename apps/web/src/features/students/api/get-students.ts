import { type StudentListQuery, studentListDataSchema, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { studentsQueryKey } from './keys';

const studentsResponseSchema = successResponse(studentListDataSchema);

/** What the list asks for, as its address holds it; left-out values take the call's defaults. */
export type StudentsQuery = Partial<Record<keyof StudentListQuery, string | number>>;

/** GET /admin/get-all-student?page&limit&search&…filters&sort&order: one page of students. */
export async function getStudents(query: StudentsQuery) {
  const response = await apiClient.get('/admin/get-all-student', { params: query });
  return parseResponse(studentsResponseSchema, response.data).data;
}

export function getStudentsQueryOptions(query: StudentsQuery) {
  return queryOptions({
    queryKey: [...studentsQueryKey, 'list', query],
    queryFn: () => getStudents(query),
    // The page being left stays on screen until the next one arrives, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useStudents(query: StudentsQuery) {
  return useQuery(getStudentsQueryOptions(query));
}
