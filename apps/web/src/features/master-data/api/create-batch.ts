import { batchSchema, type CreateBatchInput, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { batchesQueryKey } from '@/lib/lookups/keys';
import { masterDataCountsQueryKey } from './get-master-data-counts';

const createBatchResponseSchema = successResponse(batchSchema);

/** POST /admin/create-batch: answers 201 with the new batch. */
export async function createBatch(input: CreateBatchInput) {
  const response = await apiClient.post('/admin/create-batch', input);
  return parseResponse(createBatchResponseSchema, response.data).data;
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBatch,
    // Not awaited: the form closes at once while the cards and lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: masterDataCountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: batchesQueryKey });
    },
  });
}
