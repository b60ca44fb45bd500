import { EXAM_RECORD_MESSAGES, examDetailDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examQueryKey } from './keys';

const examResponseSchema = successResponse(examDetailDataSchema);

/**
 * GET /admin/get-exam/{id}: the whole exam with its answer key and what may change in it, and the
 * signed URLs of its content's images.
 */
export async function getExam(examId: string) {
  const response = await apiClient.get(`/admin/get-exam/${examId}`);
  return parseResponse(examResponseSchema, response.data).data;
}

export function getExamQueryOptions(examId: string) {
  return queryOptions({
    queryKey: examQueryKey(examId),
    queryFn: () => getExam(examId),
    meta: { errorMessage: EXAM_RECORD_MESSAGES.loadFailed },
  });
}

export function useExam(examId: string) {
  return useQuery({ ...getExamQueryOptions(examId), select: (data) => data.exam });
}

/** The signed URLs of the exam's images, from the same cached answer as `useExam`. */
export function useExamMediaUrls(examId: string) {
  return useQuery({ ...getExamQueryOptions(examId), select: (data) => data.mediaUrls }).data;
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
