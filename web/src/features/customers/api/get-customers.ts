import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { customerKeys, getCustomers, type CustomersPage } from '@/lib/customers';
import { nextPageOffset } from '@/lib/pagination';

export { customerKeys, getCustomers, type CustomersPage };

/** Cards per request: a multiple of 1, 2 and 3 columns. The API allows up to 500. */
export const CUSTOMERS_PAGE_SIZE = 60;

export const customersQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: customerKeys.list(search),
    queryFn: ({ pageParam, signal }) => getCustomers({ search, limit: CUSTOMERS_PAGE_SIZE, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });

export function useCustomers(search: string) {
  const query = useInfiniteQuery({ ...customersQueryOptions(search), placeholderData: keepPreviousData });
  const pages = query.data?.pages ?? [];
  const customers = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? 0;
  return { ...query, customers, total };
}
