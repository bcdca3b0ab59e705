import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecurringSummary } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/** GET /api/recurring-invoices/summary: the four cards, over all of the tenant's schedules (not the filtered list). */
export const getSubscriptionSummary = (signal?: AbortSignal) => api.get<RecurringSummary>('/api/recurring-invoices/summary', { signal });

export const subscriptionSummaryQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.summary(), queryFn: ({ signal }) => getSubscriptionSummary(signal) });

export const useSubscriptionSummary = () => useQuery(subscriptionSummaryQueryOptions());
