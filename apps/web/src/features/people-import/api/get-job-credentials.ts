import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { importJobQueryKey } from './keys';

/**
 * GET /admin/get-job-credentials/{id}: the email, ID and default password of everyone the import
 * created, as a CSV file the server gives out once.
 */
export function useJobCredentials(id: string, fileName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const file = await apiClient.getFile(`/admin/get-job-credentials/${encodeURIComponent(id)}`);
      saveFile(file, fileName);
    },
    // Taken or gone, the file is no longer there: the job says so once read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: importJobQueryKey(id) }),
  });
}
