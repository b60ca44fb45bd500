import { monitorDataSchema, successResponse } from '@examiq/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

/** Whose routes the monitor uses: an assigned faculty member's, or an admin's (any exam). */
export type ProctorArea = 'faculty' | 'admin';

const monitorResponseSchema = successResponse(monitorDataSchema);

/** GET /{area}/get-monitor/{examId}: the exam's students, alerts and chat as they stand. */
export async function getMonitor(area: ProctorArea, examId: string) {
  const response = await apiClient.get(`/${area}/get-monitor/${examId}`);
  return parseResponse(monitorResponseSchema, response.data).data;
}

export function monitorQueryKey(area: ProctorArea, examId: string) {
  return ['proctoring', area, 'monitor', examId] as const;
}

/**
 * The monitor's read. The live channel keeps it current, so it is read again only when the page
 * (re)subscribes to the exam, never on focus; `onRead` hears each read start.
 */
export function useMonitor(area: ProctorArea, examId: string, onRead: () => void) {
  return useQuery({
    queryKey: monitorQueryKey(area, examId),
    queryFn: () => {
      onRead();
      return getMonitor(area, examId);
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
