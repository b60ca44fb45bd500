import {
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
 * POST /admin/import/{kind} (multipart `mode`, then `file`): the file is checked again and its
 * rows imported by a background job, which this returns.
 */
export async function startImport(kind: PeopleImportKind, file: File, mode: ImportMode) {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', file);
  const response = await apiClient.postForm(`/admin/import/${kind}`, form);
  return parseResponse(importResponseSchema, response.data).data;
}

export function useStartImport(kind: PeopleImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode }: { file: File; mode: ImportMode }) => startImport(kind, file, mode),
    // The job page starts from the job as the call returned it.
    onSuccess: (job) => queryClient.setQueryData(importJobQueryKey(job._id), job),
  });
}
