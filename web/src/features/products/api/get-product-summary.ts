import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/products';

/** GET /api/products/summary: the five cards, over every product of the organization (not the search). */
export const productSummaryQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.summary(),
    queryFn: ({ signal }) => api.get<ProductSummary>('/api/products/summary', { signal }),
  });

/** Fetched again on every visit, like the list (stock and revenue move with invoices). */
export const useProductSummary = () => useQuery({ ...productSummaryQueryOptions(), refetchOnMount: 'always' });
