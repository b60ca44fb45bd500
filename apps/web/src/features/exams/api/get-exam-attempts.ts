import { LIST_PAGE_SIZE, sittingsDataSchema, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { sittingsQueryKey } from './keys';

/** How often an open Sittings screen reads the sittings again. */
export const SITTINGS_REFRESH_MS = 15_000;

const examAttemptsResponseSchema = successResponse(sittingsDataSchema);

export interface SittingsPageQuery {
  page: number;
  /** A name or roll number; empty lists every student. */
  search: string;
  /** One section of the exam's audience; empty lists them all. */
  section: string;
}

/**
 * GET /admin/get-exam-attempts/{examId}?page&limit&search&section: the exam, and one page of the
 * students it is for with where each stands.
 */
export async function getExamAttempts(
  examId: string,
  { page, search, section }: SittingsPageQuery,
) {
  const response = await apiClient.get(`/admin/get-exam-attempts/${encodeURIComponent(examId)}`, {
    params: {
      page,
      limit: LIST_PAGE_SIZE,
      search: search || undefined,
      section: section || undefined,
    },
  });
  return parseResponse(examAttemptsResponseSchema, response.data).data;
}

export function getExamAttemptsQueryOptions(examId: string, query: SittingsPageQuery) {
  return queryOptions({
    queryKey: [...sittingsQueryKey(examId), query.page, query.search, query.section],
    queryFn: () => getExamAttempts(examId, query),
    // The page or search being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
    // Students start, save and submit while the admin watches. A failed read is not repeated
    // every 15 seconds behind the error banner: its Try again starts the refreshing again.
    refetchInterval: ({ state }) => (state.status === 'error' ? false : SITTINGS_REFRESH_MS),
  });
}

export function useExamAttempts(examId: string, query: SittingsPageQuery) {
  return useQuery(getExamAttemptsQueryOptions(examId, query));
}
