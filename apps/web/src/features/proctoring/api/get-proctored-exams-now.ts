import { proctoredExamsNowDataSchema, successResponse } from '@examiq/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const examsNowResponseSchema = successResponse(proctoredExamsNowDataSchema);

/** Exams move from soon to open, and students start, while the list is on screen. */
const REFRESH_MS = 30_000;

/** GET /admin/get-proctored-exams-now: the proctored exams open now or opening soon. */
export async function getProctoredExamsNow() {
  const response = await apiClient.get('/admin/get-proctored-exams-now');
  return parseResponse(examsNowResponseSchema, response.data).data.exams;
}

export function useProctoredExamsNow() {
  return useQuery({
    queryKey: ['proctoring', 'admin', 'exams-now'],
    queryFn: getProctoredExamsNow,
    refetchInterval: REFRESH_MS,
  });
}
