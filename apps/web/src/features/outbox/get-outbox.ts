import { LIST_PAGE_SIZE, outboxDataSchema, successResponse } from '@examiq/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const outboxResponseSchema = successResponse(outboxDataSchema);

/** GET /admin/get-outbox: one page of the messages the platform wrote, newest first. */
export async function getOutbox(page: number) {
  const response = await apiClient.get('/admin/get-outbox', {
    params: { page, limit: LIST_PAGE_SIZE },
  });
  return parseResponse(outboxResponseSchema, response.data).data;
}

export function useOutbox(page: number) {
  return useQuery({
    queryKey: ['outbox', page],
    queryFn: () => getOutbox(page),
    placeholderData: keepPreviousData,
  });
}
