import { type CreateCourseInput, courseSchema, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { coursesQueryKey } from '@/lib/lookups/keys';
import { masterDataCountsQueryKey } from './get-master-data-counts';

const createCourseResponseSchema = successResponse(courseSchema);

/** POST /admin/create-course: answers 201 with the new course. */
export async function createCourse(input: CreateCourseInput) {
  const response = await apiClient.post('/admin/create-course', input);
  return parseResponse(createCourseResponseSchema, response.data).data;
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // Not awaited: the form closes at once while the cards and lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: masterDataCountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: coursesQueryKey });
    },
  });
}
