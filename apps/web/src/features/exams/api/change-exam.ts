import {
  createExamDataSchema,
  examDetailDataSchema,
  messageResponseSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import type { ExamPayload } from './create-exam';
import { examsQueryKey } from './keys';

/** PUT /admin/update-exam/{id}: the exam saved again, with the rules of create. */
export async function updateExam(examId: string, payload: ExamPayload) {
  const response = await apiClient.put(`/admin/update-exam/${examId}`, payload);
  return parseResponse(successResponse(examDetailDataSchema), response.data).data.exam;
}

/** DELETE /admin/delete-exam/{id}: refused (409) once anyone has started it. */
export async function deleteExam(examId: string) {
  const response = await apiClient.delete(`/admin/delete-exam/${examId}`);
  return parseResponse(messageResponseSchema, response.data);
}

/** POST /admin/duplicate-exam/{id}: answers 201 with the new draft. */
export async function duplicateExam(examId: string) {
  const response = await apiClient.post(`/admin/duplicate-exam/${examId}`);
  return parseResponse(successResponse(createExamDataSchema), response.data).data.exam;
}

/** Every exam list and the exam's own page show the change. */
function useRefreshExams() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: examsQueryKey });
}

export function useUpdateExam(examId: string) {
  const onSuccess = useRefreshExams();
  return useMutation({
    mutationFn: (payload: ExamPayload) => updateExam(examId, payload),
    onSuccess,
  });
}

export function useDeleteExam() {
  const onSuccess = useRefreshExams();
  return useMutation({ mutationFn: deleteExam, onSuccess });
}

export function useDuplicateExam() {
  const onSuccess = useRefreshExams();
  return useMutation({ mutationFn: duplicateExam, onSuccess });
}
