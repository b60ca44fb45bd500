import {
  type BulkBankQuestionsInput,
  bulkBankQuestionsDataSchema,
  type ImportBankQuestionsData,
  importBankQuestionsDataSchema,
  QUESTION_EXPORT_EXTENSIONS,
  type QuestionExportFormat,
  type QuestionImportFormat,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { type BankArea, bankQueryKey } from './bank-api';

const bulkResponseSchema = successResponse(bulkBankQuestionsDataSchema);
const importResponseSchema = successResponse(importBankQuestionsDataSchema);

/**
 * POST /{area}/bulk-bank-questions: one action on the chosen questions, all or none. Lists,
 * counts and questions are read again afterwards, refused or not (someone may have changed one).
 */
export function useBulkBankQuestions(area: BankArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: BulkBankQuestionsInput) => {
      const response = await apiClient.post(`/${area}/bulk-bank-questions`, payload);
      return parseResponse(bulkResponseSchema, response.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankQueryKey }),
  });
}

export interface BankImport {
  file: File;
  format: QuestionImportFormat;
  category: string;
  bloomLevel: string;
}

/** POST /{area}/import-bank-questions/{courseId} (multipart): the file's questions, as Draft. */
export function useImportBankQuestions(area: BankArea, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation<{ message: string; data: ImportBankQuestionsData }, Error, BankImport>({
    mutationFn: async ({ file, format, category, bloomLevel }) => {
      const form = new FormData();
      // The fields first: the server reads those that came before the file as it streams in.
      form.set('format', format);
      form.set('category', category);
      form.set('bloomLevel', bloomLevel);
      form.set('file', file);
      const response = await apiClient.postForm(`/${area}/import-bank-questions/${courseId}`, form);
      const { message, data } = parseResponse(importResponseSchema, response.data);
      return { message: message ?? '', data };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankQueryKey }),
  });
}

/** What an export takes: the chosen questions, or a category with its subcategories. */
export type BankExportScope = { ids: readonly string[] } | { category: string };

/** GET /{area}/export-bank-questions?courseId&…&format: the questions with their keys, saved. */
export function useExportBankQuestions(area: BankArea, courseId: string, fileName: string) {
  return useMutation({
    mutationFn: async ({
      scope,
      format,
    }: {
      scope: BankExportScope;
      format: QuestionExportFormat;
    }) => {
      const params =
        'ids' in scope
          ? { courseId, format, ids: scope.ids.join(',') }
          : { courseId, format, ...(scope.category ? { category: scope.category } : {}) };
      const file = await apiClient.getFile(`/${area}/export-bank-questions`, { params });
      saveFile(file, `${fileName}.${QUESTION_EXPORT_EXTENSIONS[format]}`);
    },
  });
}
