import {
  type CreateFacultyPayload,
  createFacultyDataSchema,
  PEOPLE_MESSAGES,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { facultyQueryKey } from './keys';

// Only what the screen reads (spec section 7): the message and the default password.
const createFacultyResponseSchema = successResponse(
  createFacultyDataSchema.pick({ defaultPassword: true }),
);

/** POST /admin/create-faculty: answers 201 with the faculty member's default password. */
export async function createFaculty(payload: CreateFacultyPayload) {
  const response = await apiClient.post('/admin/create-faculty', payload);
  const body = parseResponse(createFacultyResponseSchema, response.data);
  return {
    message: body.message ?? PEOPLE_MESSAGES.facultyCreated,
    defaultPassword: body.data.defaultPassword,
  };
}

export function useCreateFaculty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFaculty,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: facultyQueryKey });
    },
  });
}
