import { monitorMessagesDataSchema, successResponse } from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';
import type { ProctorArea } from './get-monitor';

const pageResponseSchema = successResponse(monitorMessagesDataSchema);

/**
 * GET /{area}/get-monitor-messages/{examId}: the page of one conversation (a student's, or with
 * null the messages written to all) just older than the message `before`, oldest first.
 */
export async function getMonitorMessages(
  area: ProctorArea,
  examId: string,
  studentId: string | null,
  before: string,
) {
  const response = await apiClient.get(`/${area}/get-monitor-messages/${examId}`, {
    params: { ...(studentId && { studentId }), before },
  });
  return parseResponse(pageResponseSchema, response.data).data;
}
