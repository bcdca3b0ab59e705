import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '@/lib/invoices';

/** GET /api/invoices/{id}: the invoice with its customer and items; 404 when the tenant has no such invoice. */
export const getInvoice = (id: string, signal?: AbortSignal) => api.get<Invoice>(`/api/invoices/${encodeURIComponent(id)}`, { signal });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => getInvoice(id, signal),
  });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}
