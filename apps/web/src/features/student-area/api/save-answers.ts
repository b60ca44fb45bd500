import {
  type SaveAnswersPayload,
  saveAnswersResultSchema,
  successResponse,
} from '@examiq/contracts';
import { apiClient, parseResponse } from '@/lib/api-client';

const saveAnswersResponseSchema = successResponse(saveAnswersResultSchema);

/**
 * PUT /student/save-answers/{attemptId}: the changed answers under the next `seq`; with none, a
 * heartbeat that tells the time left. `keepalive` lets the save finish after the page is gone.
 * Not a mutation hook: the attempt's outbox decides when to save, outside React's renders.
 */
export async function saveAnswers(
  attemptId: string,
  payload: SaveAnswersPayload,
  { keepalive = false } = {},
) {
  const response = await apiClient.put(`/student/save-answers/${attemptId}`, payload, {
    keepalive,
  });
  return parseResponse(saveAnswersResponseSchema, response.data).data;
}
