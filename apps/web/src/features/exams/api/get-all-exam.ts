import { examListDataSchema, LIST_PAGE_SIZE, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examsQueryKey } from './keys';

const examsResponseSchema = successResponse(examListDataSchema);

/** GET /admin/get-all-exam?page&limit: one page of exams. */
export async function getExams(page: number) {
  const response = await apiClient.get('/admin/get-all-exam', {
    params: { page, limit: LIST_PAGE_SIZE },
  });
  return parseResponse(examsResponseSchema, response.data).data;
}

export function getExamsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...examsQueryKey, 'list', page],
    queryFn: () => getExams(page),
    // The page being left stays on screen until the next one arrives, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useExams(page: number) {
  return useQuery(getExamsQueryOptions(page));
}
