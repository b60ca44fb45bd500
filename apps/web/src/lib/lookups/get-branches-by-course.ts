import { branchSchema, MASTER_DATA_MESSAGES, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { branchesQueryKey, type LookupFailure, lookupMeta } from './keys';

const branchesResponseSchema = successResponse(z.array(branchSchema));

/** GET /admin/get-branches-by-course?courseId=…: the branches of one course. */
export async function getBranchesByCourse(courseId: string) {
  const response = await apiClient.get('/admin/get-branches-by-course', { params: { courseId } });
  return parseResponse(branchesResponseSchema, response.data).data;
}

export function getBranchesByCourseQueryOptions(
  courseId: string,
  failure: LookupFailure = 'toast',
) {
  return queryOptions({
    queryKey: [...branchesQueryKey, 'by-course', courseId],
    queryFn: () => getBranchesByCourse(courseId),
    // Nothing to ask for until a course is chosen.
    enabled: courseId !== '',
    meta: lookupMeta(MASTER_DATA_MESSAGES.branch.loadFailed, failure),
  });
}

export function useBranchesByCourse(courseId: string, failure: LookupFailure = 'toast') {
  return useQuery(getBranchesByCourseQueryOptions(courseId, failure));
}
