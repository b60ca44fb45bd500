import { auditLogDataSchema, LIST_PAGE_SIZE, successResponse } from '@examiq/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';

const auditLogResponseSchema = successResponse(auditLogDataSchema);

/** The filters as the page holds them: the dates are calendar days in the viewer's time zone. */
export interface AuditFilters {
  /** Security events, data changes, or '' for both. */
  kind: string;
  actor: string;
  action: string;
  recordType: string;
  recordId: string;
  from: string;
  to: string;
}

/** A calendar day's first or last instant where the viewer is, as the API takes it. */
function dayBound(day: string, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  return new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`).toISOString();
}

/** GET /admin/get-audit-log: one page of the log, newest first, filtered. */
export async function getAuditLog(filters: AuditFilters, page: number) {
  const params = {
    kind: filters.kind || undefined,
    actor: filters.actor || undefined,
    action: filters.action || undefined,
    recordType: filters.recordType || undefined,
    recordId: filters.recordId || undefined,
    from: dayBound(filters.from, 'start'),
    to: dayBound(filters.to, 'end'),
    page,
    limit: LIST_PAGE_SIZE,
  };
  const response = await apiClient.get('/admin/get-audit-log', { params });
  return parseResponse(auditLogResponseSchema, response.data).data;
}

export function getAuditLogQueryOptions(filters: AuditFilters, page: number) {
  return queryOptions({
    queryKey: ['audit-log', filters, page],
    queryFn: () => getAuditLog(filters, page),
    // The page being left stays on screen until the next one arrives, instead of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery(getAuditLogQueryOptions(filters, page));
}
