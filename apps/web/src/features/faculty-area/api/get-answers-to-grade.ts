import { answersToGradeDataSchema, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { answersToGradeQueryKey } from './keys';

const answersToGradeResponseSchema = successResponse(answersToGradeDataSchema);

/** The answers of one question or of one script, a page at a time. */
export interface AnswersFilter {
  questionId?: string;
  attemptCode?: string;
  page: number;
}

/** Enough for a question's answers to be marked one after another without paging often. */
export const ANSWERS_PAGE_SIZE = 25;

/** GET /faculty/get-answers-to-grade/{examId}: the questions, scripts and a page of answers. */
export async function getAnswersToGrade(examId: string, filter: AnswersFilter) {
  const response = await apiClient.get(`/faculty/get-answers-to-grade/${examId}`, {
    params: { ...filter, limit: ANSWERS_PAGE_SIZE },
  });
  return parseResponse(answersToGradeResponseSchema, response.data).data;
}

export function useAnswersToGrade(examId: string, filter: AnswersFilter, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...answersToGradeQueryKey(examId), filter],
      queryFn: () => getAnswersToGrade(examId, filter),
      enabled,
      // Another question or page keeps the one before on screen until it arrives.
      placeholderData: keepPreviousData,
    }),
  );
}
