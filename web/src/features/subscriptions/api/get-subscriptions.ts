import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RecurringInvoice } from '@billpoint/proto';
import { fetchPage, nextPageOffset } from '@/lib/pagination';
import { subscriptionKeys, type SubscriptionListFilters } from './keys';

/** Rows per request; "Load more" fetches the next page. */
export const SUBSCRIPTIONS_PAGE_SIZE = 50;

/** GET /api/recurring-invoices: search (name or customer name), status and frequency on the server; "all" is not sent. */
export const getSubscriptions = ({
  search,
  status,
  frequency,
  limit,
  offset,
  signal,
}: SubscriptionListFilters & { limit: number; offset: number; signal?: AbortSignal }) =>
  fetchPage<RecurringInvoice>(
    '/api/recurring-invoices',
    { limit, offset, search, status: status === 'all' ? '' : status, frequency: frequency === 'all' ? '' : frequency },
    signal,
  );

export const subscriptionsQueryOptions = (filters: SubscriptionListFilters) =>
  infiniteQueryOptions({
    queryKey: subscriptionKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getSubscriptions({ ...filters, limit: SUBSCRIPTIONS_PAGE_SIZE, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });

export function useSubscriptions(filters: SubscriptionListFilters) {
  const query = useInfiniteQuery({ ...subscriptionsQueryOptions(filters), placeholderData: keepPreviousData });
  const pages = query.data?.pages ?? [];
  const subscriptions = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? 0;
  return { ...query, subscriptions, total };
}
