import { EXAM_RECORD_MESSAGES, examDetailDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examQueryKey } from './keys';

const examResponseSchema = successResponse(examDetailDataSchema);

/**
 * GET /admin/get-exam/{id}: the whole exam with its answer key and what may change in it, and
 * the signed URLs of its images (media id → URL).
 */
export async function getExam(examId: string) {
  const response = await apiClient.get(`/admin/get-exam/${examId}`);
  const { exam, mediaUrls = {} } = parseResponse(examResponseSchema, response.data).data;
  return { ...exam, mediaUrls };
}

export function getExamQueryOptions(examId: string) {
  return queryOptions({
    queryKey: examQueryKey(examId),
    queryFn: () => getExam(examId),
    meta: { errorMessage: EXAM_RECORD_MESSAGES.loadFailed },
  });
}

export function useExam(examId: string) {
  return useQuery(getExamQueryOptions(examId));
}

/** What a page of one exam shows when it is missing or failed to load. */
export const EXAM_PAGE_STATES = {
  notFound: {
    title: 'No Exam Found',
    message: 'The requested exam could not be found.',
    listTo: '/admin/exam/all-exam',
    listLabel: 'All Exams',
  },
  error: { title: 'Error Loading Exam', fallback: EXAM_RECORD_MESSAGES.loadFailed },
};
