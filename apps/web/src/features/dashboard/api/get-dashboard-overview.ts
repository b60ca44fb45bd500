import { dashboardOverviewSchema, successResponse } from '@examiq/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const overviewResponseSchema = successResponse(dashboardOverviewSchema);

/** GET /admin/overview: every figure of the dashboard in one answer. */
export async function getDashboardOverview() {
  const response = await apiClient.get('/admin/overview');
  return parseResponse(overviewResponseSchema, response.data).data;
}

export function useDashboardOverview() {
  return useQuery({ queryKey: ['dashboard', 'overview'], queryFn: getDashboardOverview });
}
