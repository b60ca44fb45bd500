import {
  LIST_PAGE_SIZE,
  type ResultStatus,
  resultStatusesDataSchema,
  successResponse,
} from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { resultsQueryKey } from './keys';

const resultStatusesResponseSchema = successResponse(resultStatusesDataSchema);

export interface ResultStatusesQuery {
  page: number;
  /** Only the exams in this state; none lists every completed exam. */
  status: ResultStatus | undefined;
}

/** GET /admin/get-result-statuses?status&page&limit: the completed exams, newest first. */
export async function getResultStatuses({ page, status }: ResultStatusesQuery) {
  const response = await apiClient.get('/admin/get-result-statuses', {
    params: { page, limit: LIST_PAGE_SIZE, status },
  });
  return parseResponse(resultStatusesResponseSchema, response.data).data;
}

export function getResultStatusesQueryOptions(query: ResultStatusesQuery) {
  return queryOptions({
    queryKey: [...resultsQueryKey, 'statuses', query.page, query.status ?? 'all'],
    queryFn: () => getResultStatuses(query),
    placeholderData: keepPreviousData,
  });
}

export function useResultStatuses(query: ResultStatusesQuery) {
  return useQuery(getResultStatusesQueryOptions(query));
}
