import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod, DashboardStats } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/invoices';

/** What the analytics screen asks for: a period, and a currency or every currency (in US dollars). */
export type AnalyticsFilters = { period: AnalyticsPeriod; currency: string | null };

/** GET /api/dashboard/stats?period=…&currency=… (the dashboard's own call, narrowed). */
export function getAnalytics(filters: AnalyticsFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ period: filters.period });
  if (filters.currency) params.set('currency', filters.currency);
  return api.get<DashboardStats>(`/api/dashboard/stats?${params}`, { signal });
}

/** Under the dashboard's key: whatever refreshes the dashboard figures refreshes these too. */
export const analyticsQueryOptions = (filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: [...dashboardKeys.stats(), filters] as const,
    queryFn: ({ signal }) => getAnalytics(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAnalytics(filters: AnalyticsFilters) {
  return useQuery(analyticsQueryOptions(filters));
}
