import { studentDetailDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { studentsQueryKey } from './keys';

const studentResponseSchema = successResponse(studentDetailDataSchema);

/** GET /admin/get-student/{id}: the student, or null when the list comes back empty. */
export async function getStudent(id: string) {
  const response = await apiClient.get(`/admin/get-student/${encodeURIComponent(id)}`);
  return parseResponse(studentResponseSchema, response.data).data.students[0] ?? null;
}

export function getStudentQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...studentsQueryKey, 'detail', id],
    queryFn: () => getStudent(id),
  });
}

export function useStudent(id: string) {
  return useQuery(getStudentQueryOptions(id));
}
