import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceStatus } from '@billpoint/proto';
import { apiFetch } from './api-client';

/**
 * Invoice calls that more than one feature uses (the dashboard's recent invoices and the invoice screens):
 * query keys, send and the PDF. The screens' own fetchers live in features/invoices/api.
 */
export type InvoiceListFilters = { search: string; status: InvoiceStatus | '' };

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (filters: InvoiceListFilters) => [...invoiceKeys.lists(), filters] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  nextNumber: () => [...invoiceKeys.all, 'next-number'] as const,
};

export const dashboardKeys = {
  stats: () => ['dashboard', 'stats'] as const,
};

/** POST /api/invoices/{id}/send: e-mails the PDF to the customer; only an OK status counts. */
export async function sendInvoice(id: number | string): Promise<void> {
  await apiFetch(`/api/invoices/${encodeURIComponent(String(id))}/send`, { method: 'POST' });
}

/**
 * Send, then refresh what the send changed on the server (a draft becomes sent, sentAt is set): the lists,
 * this invoice and the dashboard figures. Callers decide what the user is told (the texts differ per
 * screen).
 */
export function useSendInvoice({
  onSuccess,
  onError,
}: { onSuccess?: (id: number | string) => void; onError?: (error: Error, id: number | string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | string) => {
      await sendInvoice(id);
      return id;
    },
    onSuccess: async (id) => {
      onSuccess?.(id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(String(id)) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() }),
      ]);
    },
    onError: (error, id) => onError?.(error, id),
  });
}

/** GET /api/invoices/{id}/pdf, served inline as application/pdf. */
export const invoicePdfHref = (id: number | string) => `/api/invoices/${encodeURIComponent(String(id))}/pdf`;

/** Opens the invoice's PDF in a new browser tab. */
export function openInvoicePdf(id: number | string): void {
  window.open(invoicePdfHref(id), '_blank', 'noopener');
}
