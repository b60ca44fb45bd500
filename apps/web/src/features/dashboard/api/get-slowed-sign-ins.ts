import { slowedSignInsDataSchema, successResponse } from '@examiq/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const slowedSignInsResponseSchema = successResponse(slowedSignInsDataSchema);

/** GET /admin/get-slowed-sign-ins: the accounts whose sign-ins are slowed down now. */
export async function getSlowedSignIns() {
  const response = await apiClient.get('/admin/get-slowed-sign-ins');
  return parseResponse(slowedSignInsResponseSchema, response.data).data.accounts;
}

/** Checked again every minute: a slowdown starts and ends without anything on the page changing. */
export function useSlowedSignIns() {
  return useQuery({
    queryKey: ['dashboard', 'slowed-sign-ins'],
    queryFn: getSlowedSignIns,
    refetchInterval: 60_000,
  });
}
