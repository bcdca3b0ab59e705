import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceUpdateBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { dashboardKeys, invoiceKeys } from '@/lib/invoices';

export const updateInvoice = ({ id, body }: { id: string; body: InvoiceUpdateBody }) =>
  api.put<Invoice>(`/api/invoices/${encodeURIComponent(id)}`, body);

/** PUT /api/invoices/{id}; the list, this invoice and the dashboard figures are refreshed afterwards. */
export function useUpdateInvoice({
  onSuccess,
  onError,
}: { onSuccess?: (invoice: Invoice) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoice,
    onSuccess: async (invoice, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() }),
      ]);
      onSuccess?.(invoice);
    },
    onError,
  });
}
