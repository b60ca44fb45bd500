import { messageResponseSchema } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { studentsQueryKey } from './keys';

/** DELETE /admin/delete-student/{id}: answers with the message to show. */
export async function deleteStudent(id: string) {
  const response = await apiClient.delete(`/admin/delete-student/${encodeURIComponent(id)}`);
  return parseResponse(messageResponseSchema, response.data);
}

export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    // Awaited, so the dialog stays busy until the list without the student is on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentsQueryKey }),
  });
}
