import {
  PEOPLE_MESSAGES,
  successResponse,
  type UpdateStudentPayload,
  updateStudentDataSchema,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { studentsQueryKey } from './keys';

const updateStudentResponseSchema = successResponse(updateStudentDataSchema);

/** PUT /admin/update-student/{id}: answers with the message to show. */
export async function updateStudent({
  id,
  payload,
}: {
  id: string;
  payload: UpdateStudentPayload;
}) {
  const response = await apiClient.put(`/admin/update-student/${encodeURIComponent(id)}`, payload);
  return (
    parseResponse(updateStudentResponseSchema, response.data).message ??
    PEOPLE_MESSAGES.studentUpdated
  );
}

export function useUpdateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudent,
    // Awaited, so the detail shown after saving is the edited one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey }),
  });
}
