import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceCreateBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { dashboardKeys, invoiceKeys } from '@/lib/invoices';

export const createInvoice = (body: InvoiceCreateBody) => api.post<Invoice>('/api/invoices', body);

/** POST /api/invoices; success refreshes the invoice list and the dashboard statistics. */
export function useCreateInvoice({
  onSuccess,
  onError,
}: { onSuccess?: (invoice: Invoice) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: async (invoice) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() }),
      ]);
      onSuccess?.(invoice);
    },
    onError,
  });
}
