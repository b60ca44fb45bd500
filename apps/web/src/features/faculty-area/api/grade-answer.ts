import { answerToGradeSchema, type GradeAnswerPayload, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyAreaQueryKey } from './keys';

const gradedResponseSchema = successResponse(answerToGradeSchema);

/** POST /faculty/grade-answer: the answer with the marks it now has. */
export async function gradeAnswer(payload: GradeAnswerPayload) {
  const response = await apiClient.post('/faculty/grade-answer', payload);
  return parseResponse(gradedResponseSchema, response.data).data;
}

/** Each saved mark refreshes the progress shown everywhere in the faculty area. */
export function useGradeAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: gradeAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facultyAreaQueryKey }),
  });
}
