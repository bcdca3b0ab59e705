import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, invoiceKeys } from '@/lib/invoices';

export const deleteInvoice = (id: number) => api.delete(`/api/invoices/${id}`);

/** DELETE /api/invoices/{id}; success refetches the list (and the dashboard figures). */
export function useDeleteInvoice({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: invoiceKeys.detail(String(id)) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
