import { facultyOptionsDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

/**
 * Under the faculty feature's key (['faculty']), which creating or deleting a faculty member
 * invalidates, so a list of proctors, evaluators or bank authors is never stale.
 */
const facultyOptionsQueryKey = ['faculty', 'options'] as const;

const facultyOptionsResponseSchema = successResponse(facultyOptionsDataSchema);

/** GET /admin/get-faculty-options: every active faculty member, by name. */
export async function getFacultyOptions() {
  const response = await apiClient.get('/admin/get-faculty-options');
  return parseResponse(facultyOptionsResponseSchema, response.data).data.faculty;
}

/** Loaded only while it is needed (the wizard: faculty proctor PROCTORING exams only). */
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
