import type { PeopleImportKind } from '@examiq/contracts';
import { useFileExport } from '@/lib/use-file-export';

/** GET /admin/import-template/{kind}?format: the empty template with its example row, saved. */
export function useImportTemplate(kind: PeopleImportKind) {
  return useFileExport(`/admin/import-template/${kind}`, `${kind}-import-template`);
}
