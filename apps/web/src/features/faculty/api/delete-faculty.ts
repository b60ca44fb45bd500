import { messageResponseSchema } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyQueryKey } from './keys';

/** DELETE /admin/delete-faculty/{id}: answers with the message to show. */
export async function deleteFaculty(id: string) {
  const response = await apiClient.delete(`/admin/delete-faculty/${encodeURIComponent(id)}`);
  return parseResponse(messageResponseSchema, response.data);
}

export function useDeleteFaculty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFaculty,
    // Awaited, so the dialog stays busy until the list without the faculty member is on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facultyQueryKey }),
  });
}
