import {
  PEOPLE_MESSAGES,
  successResponse,
  type UpdateFacultyPayload,
  updateFacultyDataSchema,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyQueryKey } from './keys';

const updateFacultyResponseSchema = successResponse(updateFacultyDataSchema);

/** PUT /admin/update-faculty/{id}: answers with the message to show. */
export async function updateFaculty({
  id,
  payload,
}: {
  id: string;
  payload: UpdateFacultyPayload;
}) {
  const response = await apiClient.put(`/admin/update-faculty/${encodeURIComponent(id)}`, payload);
  return (
    parseResponse(updateFacultyResponseSchema, response.data).message ??
    PEOPLE_MESSAGES.facultyUpdated
  );
}

export function useUpdateFaculty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFaculty,
    // Awaited, so the detail shown after saving is the edited one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: facultyQueryKey }),
  });
}
