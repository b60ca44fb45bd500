import { courseSchema, MASTER_DATA_MESSAGES, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

const coursesResponseSchema = successResponse(z.array(courseSchema));

/**
 * Invalidated by the matching create call, so every view of the list refreshes. The cascade
 * lookup's keys start with it, so they refresh too.
 */
export const coursesQueryKey = ['master-data', 'courses'] as const;

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
