import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type Customer } from '@billpoint/proto';
import { apiFetch, readJson } from '@/lib/api-client';

/** Cards per request: a multiple of 1, 2 and 3 columns. The API allows up to 500. */
export const CUSTOMERS_PAGE_SIZE = 60;

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (search: string) => [...customerKeys.lists(), { search }] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
};

export type CustomersPage = { customers: Customer[]; total: number; offset: number };

/** GET /api/customers: newest first; the search covers name, e-mail and company (server side). */
export async function getCustomers({
  search,
  limit,
  offset,
  signal,
}: {
  search: string;
  limit: number;
  offset: number;
  signal?: AbortSignal;
}): Promise<CustomersPage> {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (search) params.set('search', search);
  const response = await apiFetch(`/api/customers?${params}`, { signal });
  const customers = await readJson<Customer[]>(response);
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER));
  const total = Number.isFinite(header) && response.headers.has(TOTAL_COUNT_HEADER) ? header : offset + customers.length;
  return { customers, total, offset };
}

export const customersQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: customerKeys.list(search),
    queryFn: ({ pageParam, signal }) => getCustomers({ search, limit: CUSTOMERS_PAGE_SIZE, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.customers.length;
      return last.customers.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useCustomers(search: string) {
  const query = useInfiniteQuery({ ...customersQueryOptions(search), placeholderData: keepPreviousData });
  const pages = query.data?.pages ?? [];
  const customers = pages.flatMap((page) => page.customers);
  const total = pages.at(-1)?.total ?? 0;
  return { ...query, customers, total };
}
