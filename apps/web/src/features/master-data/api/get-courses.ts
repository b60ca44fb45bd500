import {
  type CourseListQuery,
  courseListItemSchema,
  MASTER_DATA_MESSAGES,
  successResponse,
} from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { coursesQueryKey } from '@/lib/lookups/keys';

const coursesResponseSchema = successResponse(z.array(courseListItemSchema));

/** GET /admin/get-courses?batchId: every course, or those of a batch, each with its batch and path. */
export async function getCourses(filters: CourseListQuery) {
  const response = await apiClient.get('/admin/get-courses', { params: filters });
  return parseResponse(coursesResponseSchema, response.data).data;
}

export function getCoursesQueryOptions(filters: CourseListQuery) {
  return queryOptions({
    queryKey: [...coursesQueryKey, 'list', filters],
    queryFn: () => getCourses(filters),
    meta: { errorMessage: MASTER_DATA_MESSAGES.course.loadFailed },
    // The cards shown stay until those of a new filter arrive, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useCourses(filters: CourseListQuery = {}) {
  return useQuery(getCoursesQueryOptions(filters));
}
