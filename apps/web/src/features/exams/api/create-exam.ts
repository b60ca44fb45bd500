import { type CreateExamPayload, createExamDataSchema, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examsQueryKey } from './keys';

/** What only a PROCTORING exam sends: an AUTO exam leaves them out (spec section 3). */
type ProctoringOnly = 'assignedFacultyIds' | 'proctoringThresholds';

/** The create body. */
export type ExamPayload = Omit<CreateExamPayload, ProctoringOnly> &
  Partial<Pick<CreateExamPayload, ProctoringOnly>>;

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
