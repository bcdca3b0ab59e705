import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Invoice } from '@billpoint/proto';
import { fetchPage, nextPageOffset } from '@/lib/pagination';
import { invoiceKeys, type InvoiceListFilters } from '@/lib/invoices';

/** Rows per request; "Load more" fetches the next page. The API allows up to 500. */
export const INVOICES_PAGE_SIZE = 50;

/** GET /api/invoices: newest first, with the customer embedded; search (number, customer name, e-mail) and status on the server. */
export const getInvoices = ({
  search,
  status,
  limit,
  offset,
  signal,
}: InvoiceListFilters & { limit: number; offset: number; signal?: AbortSignal }) =>
  fetchPage<Invoice>('/api/invoices', { limit, offset, search, status }, signal);

export const invoicesQueryOptions = (filters: InvoiceListFilters) =>
  infiniteQueryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getInvoices({ ...filters, limit: INVOICES_PAGE_SIZE, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });

export function useInvoices(filters: InvoiceListFilters) {
  const query = useInfiniteQuery({ ...invoicesQueryOptions(filters), placeholderData: keepPreviousData });
  const pages = query.data?.pages ?? [];
  const invoices = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? 0;
  return { ...query, invoices, total };
}
