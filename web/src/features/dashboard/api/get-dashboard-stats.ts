import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/invoices';

/** GET /api/dashboard/stats (figures in US dollars). */
export const getDashboardStats = (signal?: AbortSignal) => api.get<DashboardStats>('/api/dashboard/stats', { signal });

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
