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

interface ImportChoices {
  checkId: string;
  mode: ImportMode;
  /** Mail each person an invitation instead of giving them a default password. */
  invite: boolean;
}

/**
 * POST /admin/import/{kind} (multipart `mode`, `invite` and `check`): the rows its preview
 * checked, named by the preview's id, are imported by a background job, which this returns.
 */
export async function startImport(
  kind: PeopleImportKind,
  { checkId, mode, invite }: ImportChoices,
) {
  const form = new FormData();
  form.append(IMPORT_UPLOAD.modeField, mode);
  form.append(IMPORT_UPLOAD.inviteField, String(invite));
  form.append(IMPORT_UPLOAD.checkField, checkId);
  const response = await apiClient.postForm(`/admin/import/${kind}`, form);
  return parseResponse(importResponseSchema, response.data).data;
}

export function useStartImport(kind: PeopleImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: ImportChoices) => startImport(kind, choices),
    // The job page starts from the job as the call returned it.
    onSuccess: (job) => queryClient.setQueryData(importJobQueryKey(job._id), job),
  });
}
