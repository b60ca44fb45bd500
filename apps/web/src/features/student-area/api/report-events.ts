import { type ProctorEvent, reportEventsResultSchema, successResponse } from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';

const reportEventsResponseSchema = successResponse(reportEventsResultSchema);

/**
 * POST /student/report-events/{attemptId}: a proctored attempt's signals and heartbeat, at most
 * 100 a call. Not a mutation hook: the page's event queue decides when to send, outside renders.
 */
export async function reportEvents(attemptId: string, events: ProctorEvent[]) {
  const response = await apiClient.post(`/student/report-events/${attemptId}`, { events });
  return parseResponse(reportEventsResponseSchema, response.data).data;
}
