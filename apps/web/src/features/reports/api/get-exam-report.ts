import { examReportDataSchema, successResponse } from '@examiq/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { examReportQueryKey } from './keys';

const examReportResponseSchema = successResponse(examReportDataSchema);

/**
 * GET /admin/get-exam-report/{examId}: the exam's figures, histogram of totals, section averages
 * and each question's statistics.
 */
export async function getExamReport(examId: string) {
  const response = await apiClient.get(`/admin/get-exam-report/${encodeURIComponent(examId)}`);
  return parseResponse(examReportResponseSchema, response.data).data;
}

export function useExamReport(examId: string) {
  return useQuery(
    queryOptions({ queryKey: examReportQueryKey(examId), queryFn: () => getExamReport(examId) }),
  );
}
