import { type PreviewDrawInput, previewDrawDataSchema, successResponse } from '@examiq/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examsQueryKey } from './keys';

const previewResponseSchema = successResponse(previewDrawDataSchema);

/**
 * POST /admin/preview-draw: how many bank questions each rule of a drawn section can draw from,
 * and how many different papers the rules allow. Nothing is asked while `section` is null (its
 * rules are not complete yet); the last answer stays shown while the next is on its way.
 */
export function useDrawPreview(section: PreviewDrawInput | null) {
  return useQuery({
    queryKey: [...examsQueryKey, 'preview-draw', section],
    queryFn: async () => {
      const response = await apiClient.post('/admin/preview-draw', section);
      return parseResponse(previewResponseSchema, response.data).data;
    },
    enabled: section !== null,
    placeholderData: keepPreviousData,
    // The banks change while an exam is built only when someone else writes to them.
    staleTime: 30_000,
  });
}
