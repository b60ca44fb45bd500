import { myExamsDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { withReceivedAt } from '../server-time';
import { myExamsQueryKey } from './keys';

const myExamsResponseSchema = successResponse(myExamsDataSchema);

/** GET /student/get-my-exams: the published exams of the student's section, and the server's time. */
export async function getMyExams() {
  const response = await apiClient.get('/student/get-my-exams');
  return withReceivedAt(parseResponse(myExamsResponseSchema, response.data).data);
}

export type MyExamsData = Awaited<ReturnType<typeof getMyExams>>;

export function getMyExamsQueryOptions() {
  return queryOptions({ queryKey: myExamsQueryKey, queryFn: getMyExams });
}

export function useMyExams() {
  return useQuery(getMyExamsQueryOptions());
}
