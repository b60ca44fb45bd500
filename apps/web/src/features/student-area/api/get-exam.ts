import { examIdParamSchema, lobbyDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { withReceivedAt } from '../server-time';
import { lobbyQueryKey } from './keys';

const lobbyResponseSchema = successResponse(lobbyDataSchema);

/**
 * GET /student/get-exam/{examId}: the exam's lobby. A malformed id in the address names no exam,
 * so it is not sent.
 */
export async function getLobby(examId: string) {
  if (!examIdParamSchema.safeParse({ examId }).success) return null;
  const response = await apiClient.get(`/student/get-exam/${examId}`);
  return withReceivedAt(parseResponse(lobbyResponseSchema, response.data).data);
}

export type LobbyExamData = NonNullable<Awaited<ReturnType<typeof getLobby>>>;

export function getLobbyQueryOptions(examId: string) {
  return queryOptions({ queryKey: lobbyQueryKey(examId), queryFn: () => getLobby(examId) });
}

export function useLobby(examId: string) {
  return useQuery(getLobbyQueryOptions(examId));
}
