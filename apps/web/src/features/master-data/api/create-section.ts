import { type CreateSectionInput, sectionSchema, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { sectionsQueryKey } from '@/lib/lookups/keys';
import { masterDataCountsQueryKey } from './get-master-data-counts';

const createSectionResponseSchema = successResponse(sectionSchema);

/** POST /admin/create-section: answers 201 with the new section. */
export async function createSection(input: CreateSectionInput) {
  const response = await apiClient.post('/admin/create-section', input);
  return parseResponse(createSectionResponseSchema, response.data).data;
}

export function useCreateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSection,
    // Not awaited: the form closes at once while the cards and lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: masterDataCountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: sectionsQueryKey });
    },
  });
}
