import {
  type BankQuestionInput,
  type BankQuestionListQuery,
  type BankQuestionStatus,
  bankAccessDataSchema,
  bankQuestionDataSchema,
  bankQuestionListDataSchema,
  bankQuestionSavedSchema,
  type SetBankAccessPayload,
  type SetCourseOutcomesPayload,
  successResponse,
  type UpdateBankQuestionInput,
} from '@examiq/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { type BankArea, bankQueryKey } from '@/lib/lookups/bank-lookups';

export {
  type BankArea,
  bankQueryKey,
  useBankCategories,
  useBankCourses,
  useCourseOutcomes,
} from '@/lib/lookups/bank-lookups';

const questionsResponseSchema = successResponse(bankQuestionListDataSchema);

/** What the list asks for, as its address holds it; left-out values take the call's defaults. */
export type BankQuestionsQuery = Partial<Record<keyof BankQuestionListQuery, string | number>>;

/** GET /{area}/get-bank-questions?courseId&…: one page of a course's questions, newest first. */
export function getBankQuestionsQueryOptions(area: BankArea, query: BankQuestionsQuery) {
  return queryOptions({
    queryKey: [...bankQueryKey, area, query.courseId, 'list', query],
    queryFn: async () => {
      const response = await apiClient.get(`/${area}/get-bank-questions`, { params: query });
      return parseResponse(questionsResponseSchema, response.data).data;
    },
    enabled: Boolean(query.courseId),
    // The page being left stays on screen until the next one arrives, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useBankQuestions(area: BankArea, query: BankQuestionsQuery) {
  return useQuery(getBankQuestionsQueryOptions(area, query));
}

const questionResponseSchema = successResponse(bankQuestionDataSchema);
const savedResponseSchema = successResponse(bankQuestionSavedSchema);

/** GET /{area}/get-bank-question/{id}: the question with its labels and history, newest first. */
export async function getBankQuestion(area: BankArea, questionId: string) {
  const response = await apiClient.get(`/${area}/get-bank-question/${questionId}`);
  return parseResponse(questionResponseSchema, response.data).data;
}

export function useBankQuestion(area: BankArea, questionId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...bankQueryKey, area, 'question', questionId],
    queryFn: () => getBankQuestion(area, questionId),
  });
}

/**
 * A write to one question (its status, a restored revision). After a refusal too, the question
 * is read again: a 409 means someone changed it meanwhile, and the page should show their change.
 */
function useQuestionWrite<Payload extends object>(
  area: BankArea,
  path: string,
  questionId: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: Payload) => {
      const response = await apiClient.post(`/${area}/${path}/${questionId}`, payload);
      return parseResponse(savedResponseSchema, response.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankQueryKey }),
  });
}

/** POST /{area}/set-bank-question-status/{id}: Draft, Ready or Retired, as the bank's rules allow. */
export function useSetBankQuestionStatus(area: BankArea, questionId: string) {
  return useQuestionWrite<{ status: BankQuestionStatus }>(
    area,
    'set-bank-question-status',
    questionId,
  );
}

/** POST /{area}/restore-bank-question/{id}: an earlier revision's content, as a new revision. */
export function useRestoreBankQuestion(area: BankArea, questionId: string) {
  return useQuestionWrite<{ revision: number }>(area, 'restore-bank-question', questionId);
}

/** POST /{area}/create-bank-question: a new question in a course's bank, at version 1. */
export function useCreateBankQuestion(area: BankArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: BankQuestionInput) => {
      const response = await apiClient.post(`/${area}/create-bank-question`, payload);
      return parseResponse(savedResponseSchema, response.data).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankQueryKey }),
  });
}

/**
 * PUT /{area}/update-bank-question/{id}: the question's next revision, a new version once an exam
 * uses it. Read again after a refusal too, as useQuestionWrite does.
 */
export function useUpdateBankQuestion(area: BankArea, questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: UpdateBankQuestionInput) => {
      const response = await apiClient.put(`/${area}/update-bank-question/${questionId}`, payload);
      return parseResponse(savedResponseSchema, response.data).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankQueryKey }),
  });
}

const accessResponseSchema = successResponse(bankAccessDataSchema);

/** GET /admin/get-bank-access/{courseId}: the course's authors, reviewers and review rule. */
export function useBankAccess(courseId: string) {
  return useQuery({
    queryKey: [...bankQueryKey, 'admin', courseId, 'access'],
    queryFn: async () => {
      const response = await apiClient.get(`/admin/get-bank-access/${courseId}`);
      return parseResponse(accessResponseSchema, response.data).data;
    },
  });
}

/** A write of the course's bank settings, after which every view of the bank is read again. */
function useCourseWrite<Payload extends object>(path: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: Payload) => {
      const response = await apiClient.post(`/admin/${path}/${courseId}`, payload);
      return response.data as { message?: string };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankQueryKey }),
  });
}

/** POST /admin/set-course-outcomes/{courseId}: the outcomes, replacing the list. */
export function useSetCourseOutcomes(courseId: string) {
  return useCourseWrite<SetCourseOutcomesPayload>('set-course-outcomes', courseId);
}

/** POST /admin/set-bank-access/{courseId}: who writes and who reviews the course's questions. */
export function useSetBankAccess(courseId: string) {
  return useCourseWrite<SetBankAccessPayload>('set-bank-access', courseId);
}
