import { messagesDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { messagesQueryKey } from './keys';

const messagesResponseSchema = successResponse(messagesDataSchema);

/** GET /student/get-messages/{attemptId}: the proctors' messages and warnings, and the student's. */
export async function getMessages(attemptId: string) {
  const response = await apiClient.get(`/student/get-messages/${attemptId}`);
  return parseResponse(messagesResponseSchema, response.data).data.messages;
}

export function getMessagesQueryOptions(attemptId: string) {
  return queryOptions({
    queryKey: messagesQueryKey(attemptId),
    queryFn: () => getMessages(attemptId),
  });
}

/** The conversation so far; live messages are added to this query's data as they come. */
export function useMessages(attemptId: string) {
  return useQuery(getMessagesQueryOptions(attemptId));
}
