import { createExamDataSchema, type SentExamPayload, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examsQueryKey } from './keys';

/**
 * What only some exams send: an AUTO exam leaves out faculty and rules (spec section 3), an exam
 * for one branch the other branches.
 */
type SentWhenUsed = 'assignedFacultyIds' | 'proctoringThresholds' | 'additionalAudiences';

/** The create body. */
export type ExamPayload = Omit<SentExamPayload, SentWhenUsed> &
  Partial<Pick<SentExamPayload, SentWhenUsed>>;

const createExamResponseSchema = successResponse(createExamDataSchema);

/** POST /admin/create-exam: answers 201 with the stored exam. */
export async function createExam(payload: ExamPayload) {
  const response = await apiClient.post('/admin/create-exam', payload);
  return parseResponse(createExamResponseSchema, response.data).data.exam;
}

export function useCreateExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExam,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: examsQueryKey });
    },
  });
}
