import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringBody, RecurringInvoice } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { refreshSubscriptions } from './keys';

export const createSubscription = (body: RecurringBody) => api.post<RecurringInvoice>('/api/recurring-invoices', body);

/** POST /api/recurring-invoices; the list and the cards are read again. */
export function useCreateSubscription({
  onSuccess,
  onError,
}: { onSuccess?: (subscription: RecurringInvoice) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: async (subscription) => {
      await refreshSubscriptions(queryClient);
      onSuccess?.(subscription);
    },
    onError,
  });
}
