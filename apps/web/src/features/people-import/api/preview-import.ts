import { importPreviewSchema, type PeopleImportKind, successResponse } from '@examiq/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const previewResponseSchema = successResponse(importPreviewSchema);

/** POST /admin/import-preview/{kind} (multipart `file`): every row checked, nothing written. */
export async function previewImport(kind: PeopleImportKind, file: File) {
  const form = new FormData();
  form.append('file', file);
  const response = await apiClient.postForm(`/admin/import-preview/${kind}`, form);
  return parseResponse(previewResponseSchema, response.data).data;
}

export function usePreviewImport(kind: PeopleImportKind) {
  return useMutation({ mutationFn: (file: File) => previewImport(kind, file) });
}
