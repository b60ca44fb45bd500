import { studentExamsDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { studentApi } from './student-api';

const studentExamsResponseSchema = successResponse(studentExamsDataSchema);

/** GET /admin/get-student-exams/{id}: the exams the student sat, newest first. */
export async function getStudentExams(id: string) {
  const response = await apiClient.get(`/admin/get-student-exams/${encodeURIComponent(id)}`);
  return parseResponse(studentExamsResponseSchema, response.data).data.exams;
}

export function getStudentExamsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...studentApi.queryKey, 'exams', id],
    queryFn: () => getStudentExams(id),
  });
}

export function useStudentExams(id: string) {
  return useQuery(getStudentExamsQueryOptions(id));
}
