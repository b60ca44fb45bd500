import { courseSchema, MASTER_DATA_MESSAGES, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { coursesQueryKey } from '@/lib/lookups/keys';

const coursesResponseSchema = successResponse(z.array(courseSchema));

/** GET /admin/get-courses: every course. */
export async function getCourses() {
  const response = await apiClient.get('/admin/get-courses');
  return parseResponse(coursesResponseSchema, response.data).data;
}

export function getCoursesQueryOptions() {
  return queryOptions({
    queryKey: coursesQueryKey,
    queryFn: getCourses,
    meta: { errorMessage: MASTER_DATA_MESSAGES.course.loadFailed },
  });
}

export function useCourses() {
  return useQuery(getCoursesQueryOptions());
}
