import { facultyExamsDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyExamsQueryKey } from './keys';

const facultyExamsResponseSchema = successResponse(facultyExamsDataSchema);

/** GET /faculty/get-my-exams: the published exams the member proctors or evaluates. */
export async function getFacultyExams() {
  const response = await apiClient.get('/faculty/get-my-exams');
  return parseResponse(facultyExamsResponseSchema, response.data).data.exams;
}

export function useFacultyExams() {
  return useQuery(queryOptions({ queryKey: facultyExamsQueryKey, queryFn: getFacultyExams }));
}
