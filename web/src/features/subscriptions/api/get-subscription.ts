import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecurringInvoice } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { subscriptionKeys, subscriptionPath } from './keys';

/** GET /api/recurring-invoices/{id}: the schedule with its items; 404 when the tenant has no such schedule. */
export const getSubscription = (id: string, signal?: AbortSignal) => api.get<RecurringInvoice>(subscriptionPath(id), { signal });

export const subscriptionQueryOptions = (id: string) =>
  queryOptions({ queryKey: subscriptionKeys.detail(id), queryFn: ({ signal }) => getSubscription(id, signal) });

export const useSubscription = (id: string) => useQuery(subscriptionQueryOptions(id));
