import { examResultsDataSchema, LIST_PAGE_SIZE, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examResultsQueryKey } from './keys';

const examResultsResponseSchema = successResponse(examResultsDataSchema);

export interface ExamResultsQuery {
  page: number;
  /** A name, roll number or student ID; empty lists every submitted attempt. */
  search: string;
  /** One section of the exam's audience; empty lists them all. */
  section: string;
}

/**
 * GET /admin/get-exam-results/{examId}?page&limit&search&section: the exam's figures and status, and one
 * page of its submitted attempts' results.
 */
export async function getExamResults(examId: string, { page, search, section }: ExamResultsQuery) {
  const response = await apiClient.get(`/admin/get-exam-results/${encodeURIComponent(examId)}`, {
    params: {
      page,
      limit: LIST_PAGE_SIZE,
      search: search || undefined,
      section: section || undefined,
    },
  });
  return parseResponse(examResultsResponseSchema, response.data).data;
}

export function getExamResultsQueryOptions(examId: string, query: ExamResultsQuery) {
  return queryOptions({
    queryKey: [...examResultsQueryKey(examId), query.page, query.search, query.section],
    queryFn: () => getExamResults(examId, query),
    placeholderData: keepPreviousData,
  });
}

export function useExamResults(examId: string, query: ExamResultsQuery) {
  return useQuery(getExamResultsQueryOptions(examId, query));
}
