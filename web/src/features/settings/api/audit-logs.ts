import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditLog } from '@billpoint/proto';
import { fetchPage } from '@/lib/pagination';

/** The filters of the audit log card (audit_logs; proto AuditLogQuery): empty ones are not sent. */
export type AuditFilters = { entityType: string; action: string; from: string; to: string };
export const AUDIT_PAGE_SIZE = 20;

/** A local calendar day as the instant it starts (from) or ends (to), so the range covers whole days where you are. */
export const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
export const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

/** GET /api/audit-logs (admins): newest first, `limit`/`offset`, the total in x-total-count. */
export const auditLogsQueryOptions = (filters: AuditFilters, offset: number) =>
  queryOptions({
    queryKey: ['audit-logs', filters, offset],
    queryFn: ({ signal }) =>
      fetchPage<AuditLog>(
        '/api/audit-logs',
        {
          limit: AUDIT_PAGE_SIZE,
          offset,
          entityType: filters.entityType.trim() || undefined,
          action: filters.action.trim() || undefined,
          from: dayStart(filters.from),
          to: dayEnd(filters.to),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    // The trail grows with every change anywhere: a visit to the card reads it afresh.
    staleTime: 0,
  });
