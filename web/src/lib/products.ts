import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Product } from '@billpoint/proto';
import { api } from './api-client';
import { fetchPage } from './pagination';

/**
 * Product calls more than one feature uses: the products screens and the invoice lines' product picker.
 * One key family, so a product added, edited, adjusted or deleted refreshes the list, the cards and the picker.
 */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (search: string) => [...productKeys.lists(), { search }] as const,
  choices: (search: string) => [...productKeys.lists(), 'choices', { search }] as const,
  summary: () => [...productKeys.all, 'summary'] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

/** GET /api/products: newest first; the search covers name, SKU and category (case-insensitive, server side). */
export const getProducts = ({ search, limit, offset, signal }: { search: string; limit: number; offset: number; signal?: AbortSignal }) =>
  fetchPage<Product>('/api/products', { limit, offset, search }, signal);

/** GET /api/products/{id}. */
export const getProduct = (id: string, signal?: AbortSignal) => api.get<Product>(`/api/products/${encodeURIComponent(id)}`, { signal });

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

/** How many matches the picker of an invoice line offers at once (type more to narrow). */
export const PRODUCT_CHOICES_LIMIT = 20;

/** The picker's matches for what was typed; the previous answer stays while the next one loads. */
export const productChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: productKeys.choices(search),
    queryFn: async ({ signal }) => (await getProducts({ search, limit: PRODUCT_CHOICES_LIMIT, offset: 0, signal })).items,
    placeholderData: keepPreviousData,
  });
