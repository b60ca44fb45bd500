import { branchSchema, type CreateBranchInput, successResponse } from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { branchesQueryKey } from '@/lib/lookups/keys';
import { masterDataCountsQueryKey } from './get-master-data-counts';

const createBranchResponseSchema = successResponse(branchSchema);

/** POST /admin/create-branch: answers 201 with the new branch. */
export async function createBranch(input: CreateBranchInput) {
  const response = await apiClient.post('/admin/create-branch', input);
  return parseResponse(createBranchResponseSchema, response.data).data;
}

export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    // Not awaited: the form closes at once while the cards and lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: masterDataCountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: branchesQueryKey });
    },
  });
}
