import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageOffset } from '@/lib/pagination';
import { getProducts, productKeys } from '@/lib/products';

/** Rows per request; "Load more" fetches the next page (as on the invoices list). The API allows up to 500. */
export const PRODUCTS_PAGE_SIZE = 50;

export const productsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(search),
    queryFn: ({ pageParam, signal }) => getProducts({ search, limit: PRODUCTS_PAGE_SIZE, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });

/**
 * Stock moves on the server without this screen doing anything (sent invoices, from billing's events), so unlike the
 * other lists this one is fetched again on every visit; the cached rows show meanwhile.
 */
export function useProducts(search: string) {
  const query = useInfiniteQuery({ ...productsQueryOptions(search), placeholderData: keepPreviousData, refetchOnMount: 'always' });
  const pages = query.data?.pages ?? [];
  const products = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? 0;
  return { ...query, products, total };
}
