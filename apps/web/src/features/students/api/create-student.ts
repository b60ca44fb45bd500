import {
  type CreateStudentPayload,
  createStudentDataSchema,
  PEOPLE_MESSAGES,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { studentsQueryKey } from './keys';

// Only what the screen reads (spec section 7): the message and the default password.
const createStudentResponseSchema = successResponse(
  createStudentDataSchema.pick({ defaultPassword: true }),
);

/** POST /admin/create-student: answers 201 with the student's default password. */
export async function createStudent(payload: CreateStudentPayload) {
  const response = await apiClient.post('/admin/create-student', payload);
  const body = parseResponse(createStudentResponseSchema, response.data);
  return {
    message: body.message ?? PEOPLE_MESSAGES.studentCreated,
    defaultPassword: body.data.defaultPassword,
  };
}

export function useCreateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudent,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: studentsQueryKey });
    },
  });
}
