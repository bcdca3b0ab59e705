import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Quote, QuoteStatus } from '@billpoint/proto';
import { api } from './api-client';

/**
 * Quote calls that more than one feature uses (the quote screens, and the invoice view's "Created from quote"
 * link): query keys and the single quote. The screens' own fetchers live in features/quotes/api.
 */
export type QuoteListFilters = { search: string; status: QuoteStatus | '' };

export const quoteKeys = {
  all: ['quotes'] as const,
  lists: () => [...quoteKeys.all, 'list'] as const,
  list: (filters: QuoteListFilters) => [...quoteKeys.lists(), filters] as const,
  summary: () => [...quoteKeys.all, 'summary'] as const,
  detail: (id: string) => [...quoteKeys.all, 'detail', id] as const,
};

export const quotePath = (id: number | string) => `/api/quotes/${encodeURIComponent(String(id))}`;

/** GET /api/quotes/{id}: the quote with its customer, items and public token; 404 when the tenant has no such quote. */
export const getQuote = (id: string, signal?: AbortSignal) => api.get<Quote>(quotePath(id), { signal });

export const quoteQueryOptions = (id: string) =>
  queryOptions({ queryKey: quoteKeys.detail(id), queryFn: ({ signal }) => getQuote(id, signal) });

/** After a quote changed: the lists, the cards and this quote are read again. */
export function refreshQuotes(queryClient: QueryClient, id?: number | string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: quoteKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: quoteKeys.summary() }),
    ...(id === undefined ? [] : [queryClient.invalidateQueries({ queryKey: quoteKeys.detail(String(id)) })]),
  ]);
}

/** GET /api/quotes/{id}/pdf, served inline as application/pdf. */
export const quotePdfHref = (id: number | string) => `${quotePath(id)}/pdf`;

/** Opens the quote's PDF in a new browser tab. */
export function openQuotePdf(id: number | string): void {
  window.open(quotePdfHref(id), '_blank', 'noopener');
}
