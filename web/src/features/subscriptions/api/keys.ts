import type { QueryClient } from '@tanstack/react-query';
import type { RecurringListQuery } from '@billpoint/proto';
import { dashboardKeys } from '@/lib/invoices';

/** The list's filters, sent to the server (GET /api/recurring-invoices). */
export type SubscriptionListFilters = Pick<RecurringListQuery, 'status' | 'frequency'> & { search: string };

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  lists: () => [...subscriptionKeys.all, 'list'] as const,
  list: (filters: SubscriptionListFilters) => [...subscriptionKeys.lists(), filters] as const,
  summary: () => [...subscriptionKeys.all, 'summary'] as const,
  detail: (id: string) => [...subscriptionKeys.all, 'detail', id] as const,
};

export const subscriptionPath = (id: number | string) => `/api/recurring-invoices/${encodeURIComponent(String(id))}`;

/**
 * After a schedule changed: the lists, the four cards, this schedule and the dashboard (its monthly recurring
 * revenue) are read again.
 */
export function refreshSubscriptions(queryClient: QueryClient, id?: number | string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.summary() }),
    ...(id === undefined ? [] : [queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(String(id)) })]),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() }),
  ]);
}
