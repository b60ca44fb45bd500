import {
  IMPORT_UPLOAD,
  type ImportMode,
  importJobSchema,
  type PeopleImportKind,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { importJobQueryKey } from './keys';

const importResponseSchema = successResponse(importJobSchema);

/**
 * POST /admin/import/{kind} (multipart `mode` and `check`): the rows its preview checked, named by
 * the preview's id, are imported by a background job, which this returns.
 */
export async function startImport(kind: PeopleImportKind, checkId: string, mode: ImportMode) {
  const form = new FormData();
  form.append(IMPORT_UPLOAD.modeField, mode);
  form.append(IMPORT_UPLOAD.checkField, checkId);
  const response = await apiClient.postForm(`/admin/import/${kind}`, form);
  return parseResponse(importResponseSchema, response.data).data;
}

export function useStartImport(kind: PeopleImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkId, mode }: { checkId: string; mode: ImportMode }) =>
      startImport(kind, checkId, mode),
    // The job page starts from the job as the call returned it.
    onSuccess: (job) => queryClient.setQueryData(importJobQueryKey(job._id), job),
  });
}
