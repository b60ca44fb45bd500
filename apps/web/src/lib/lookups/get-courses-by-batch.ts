import { courseSchema, MASTER_DATA_MESSAGES, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { coursesQueryKey, type LookupFailure, lookupMeta } from './keys';

const coursesResponseSchema = successResponse(z.array(courseSchema));

/** GET /admin/get-courses-by-batch?batchId=…: the courses of one batch. */
export async function getCoursesByBatch(batchId: string) {
  const response = await apiClient.get('/admin/get-courses-by-batch', { params: { batchId } });
  return parseResponse(coursesResponseSchema, response.data).data;
}

export function getCoursesByBatchQueryOptions(batchId: string, failure: LookupFailure = 'toast') {
  return queryOptions({
    queryKey: [...coursesQueryKey, 'by-batch', batchId],
    queryFn: () => getCoursesByBatch(batchId),
    // Nothing to ask for until a batch is chosen.
    enabled: batchId !== '',
    meta: lookupMeta(MASTER_DATA_MESSAGES.course.loadFailed, failure),
  });
}

export function useCoursesByBatch(batchId: string, failure: LookupFailure = 'toast') {
  return useQuery(getCoursesByBatchQueryOptions(batchId, failure));
}
