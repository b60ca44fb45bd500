import { facultyOptionsDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyOptionsQueryKey } from './keys';

const facultyOptionsResponseSchema = successResponse(facultyOptionsDataSchema);

/** GET /admin/get-faculty-options: every active faculty member, by name. */
export async function getFacultyOptions() {
  const response = await apiClient.get('/admin/get-faculty-options');
  return parseResponse(facultyOptionsResponseSchema, response.data).data.faculty;
}

/** Loaded only while it is needed: faculty proctor PROCTORING exams only (spec section 4). */
export function useFacultyOptions(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: facultyOptionsQueryKey,
      queryFn: getFacultyOptions,
      enabled,
      meta: { errorMessage: 'Failed to load faculty' },
    }),
  );
}
