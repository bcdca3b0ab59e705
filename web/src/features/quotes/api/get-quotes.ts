import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Quote } from '@billpoint/proto';
import { fetchPage, nextPageOffset } from '@/lib/pagination';
import { quoteKeys, type QuoteListFilters } from '@/lib/quotes';

/** Rows per request; "Load more" fetches the next page. The API allows up to 500. */
export const QUOTES_PAGE_SIZE = 50;

/** GET /api/quotes: newest first, with the customer embedded; search and status on the server. */
export const getQuotes = ({
  search,
  status,
  limit,
  offset,
  signal,
}: QuoteListFilters & { limit: number; offset: number; signal?: AbortSignal }) =>
  fetchPage<Quote>('/api/quotes', { limit, offset, search, status }, signal);

export const quotesQueryOptions = (filters: QuoteListFilters) =>
  infiniteQueryOptions({
    queryKey: quoteKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getQuotes({ ...filters, limit: QUOTES_PAGE_SIZE, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });

export function useQuotes(filters: QuoteListFilters) {
  const query = useInfiniteQuery({ ...quotesQueryOptions(filters), placeholderData: keepPreviousData });
  const pages = query.data?.pages ?? [];
  const quotes = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.total ?? 0;
  return { ...query, quotes, total };
}
