import { proctorMessageDataSchema, successResponse } from '@examiq/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const sendMessageResponseSchema = successResponse(proctorMessageDataSchema);

/** POST /student/send-message/{attemptId}: the student writes to the exam's proctors. */
export async function sendMessage({ attemptId, text }: { attemptId: string; text: string }) {
  const response = await apiClient.post(`/student/send-message/${attemptId}`, { text });
  return parseResponse(sendMessageResponseSchema, response.data).data;
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
