import { queryOptions } from '@tanstack/react-query';
import type { Customer, Invoice, Quote } from '@billpoint/proto';
import { fetchPage } from '@/lib/pagination';

/** At most this many of each kind: the search box is a way to jump to a record, the lists are for browsing. */
export const SEARCH_PER_KIND = 5;
/** Shorter terms match nearly everything. */
export const SEARCH_MIN_LENGTH = 2;

export interface SearchResults {
  invoices: Invoice[];
  customers: Customer[];
  quotes: Quote[];
}

/**
 * The dashboard search: invoices, customers and quotes whose number, name or e-mail holds the term, each from its own
 * list endpoint (the same search the list screens use). A kind the signed-in person may not read is not asked for.
 */
export const searchQueryOptions = (term: string, kinds: { invoices: boolean; customers: boolean; quotes: boolean }) =>
  queryOptions({
    queryKey: ['dashboard-search', term, kinds],
    queryFn: async ({ signal }): Promise<SearchResults> => {
      const page = <T>(path: string, on: boolean) =>
        on ? fetchPage<T>(path, { search: term, limit: SEARCH_PER_KIND, offset: 0 }, signal).then((p) => p.items) : Promise.resolve([]);
      const [invoices, customers, quotes] = await Promise.all([
        page<Invoice>('/api/invoices', kinds.invoices),
        page<Customer>('/api/customers', kinds.customers),
        page<Quote>('/api/quotes', kinds.quotes),
      ]);
      return { invoices, customers, quotes };
    },
    enabled: term.length >= SEARCH_MIN_LENGTH,
    staleTime: 10_000,
  });
