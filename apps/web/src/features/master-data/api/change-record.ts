import {
  batchSchema,
  branchSchema,
  courseSchema,
  type MASTER_DATA_MESSAGES,
  messageResponseSchema,
  sectionSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import {
  batchesQueryKey,
  branchesQueryKey,
  coursesQueryKey,
  sectionsQueryKey,
} from '@/lib/lookups/keys';
import { masterDataCountsQueryKey } from './get-master-data-counts';

export type MasterDataKind = keyof typeof MASTER_DATA_MESSAGES;

const records = {
  batch: { schema: batchSchema, queryKey: batchesQueryKey },
  course: { schema: courseSchema, queryKey: coursesQueryKey },
  branch: { schema: branchSchema, queryKey: branchesQueryKey },
  section: { schema: sectionSchema, queryKey: sectionsQueryKey },
} as const;

/** PUT /admin/update-{kind}/{id}: answers with the record as saved. */
export async function updateRecord(kind: MasterDataKind, id: string, input: unknown) {
  const response = await apiClient.put(`/admin/update-${kind}/${id}`, input);
  return parseResponse(successResponse(records[kind].schema), response.data).data;
}

/** DELETE /admin/delete-{kind}/{id}: 409 with what uses the record when anything does. */
export async function deleteRecord(kind: MasterDataKind, id: string) {
  const response = await apiClient.delete(`/admin/delete-${kind}/${id}`);
  return parseResponse(messageResponseSchema, response.data);
}

/** The list of the kind, and every cascade lookup under it, shows the change. */
function useRefreshAfter(kind: MasterDataKind) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: records[kind].queryKey });
    void queryClient.invalidateQueries({ queryKey: masterDataCountsQueryKey });
  };
}

export function useUpdateRecord(kind: MasterDataKind, id: string) {
  const refresh = useRefreshAfter(kind);
  return useMutation({
    mutationFn: (input: unknown) => updateRecord(kind, id, input),
    onSuccess: refresh,
  });
}

export function useDeleteRecord(kind: MasterDataKind) {
  const refresh = useRefreshAfter(kind);
  return useMutation({
    mutationFn: (id: string) => deleteRecord(kind, id),
    onSuccess: refresh,
  });
}
