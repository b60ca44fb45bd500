import {
  ATTEMPT_MESSAGES,
  type SubmitExamPayload,
  submitResultSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { attemptQueryKey, myExamsQueryKey } from './keys';

const submitResponseSchema = successResponse(submitResultSchema);

/**
 * POST /student/submit-exam/{attemptId}, with the answers not saved yet. The message says whether
 * the deadline had passed, so that only the answers saved before it counted.
 */
export async function submitExam({
  attemptId,
  payload,
}: {
  attemptId: string;
  payload: SubmitExamPayload;
}) {
  const response = await apiClient.post(`/student/submit-exam/${attemptId}`, payload);
  const { message, data } = parseResponse(submitResponseSchema, response.data);
  return { ...data, message: message ?? ATTEMPT_MESSAGES.submitted };
}

export type SubmitExamResult = Awaited<ReturnType<typeof submitExam>>;

export function useSubmitExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitExam,
    onSuccess: (_result, { attemptId }) => {
      // The submitted attempt is read again for its read-only answers.
      void queryClient.invalidateQueries({ queryKey: attemptQueryKey(attemptId) });
      void queryClient.invalidateQueries({ queryKey: myExamsQueryKey });
    },
  });
}
