import { type ExamListQuery, examListDataSchema, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examsQueryKey } from './keys';

const examsResponseSchema = successResponse(examListDataSchema);

/** What the list asks for, as its address holds it; left-out values take the call's defaults. */
export type ExamsQuery = Partial<Record<keyof ExamListQuery, string | number>>;

/** GET /admin/get-all-exam?page&limit&search&mode&status&batch&sort&order: one page of exams. */
export async function getExams(query: ExamsQuery) {
  const response = await apiClient.get('/admin/get-all-exam', { params: query });
  return parseResponse(examsResponseSchema, response.data).data;
}

export function getExamsQueryOptions(query: ExamsQuery) {
  return queryOptions({
    queryKey: [...examsQueryKey, 'list', query],
    queryFn: () => getExams(query),
    // The page being left stays on screen until the next one arrives, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useExams(query: ExamsQuery) {
  return useQuery(getExamsQueryOptions(query));
}
