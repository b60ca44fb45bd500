import type { ExportFormat } from '@examiq/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { saveFile } from './save-file';

/**
 * A file the server writes in the format asked for, fetched with the session and saved as
 * `<fileName>.<format>`; `params` are the other query parameters of the call.
 */
export function useFileExport(
  url: string,
  fileName: string,
  params: Record<string, string | number | undefined> = {},
) {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const file = await apiClient.getFile(url, { params: { ...params, format } });
      saveFile(file, `${fileName}.${format}`);
    },
  });
}
