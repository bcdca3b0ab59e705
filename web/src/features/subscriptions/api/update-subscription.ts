import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringBody, RecurringInvoice } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { refreshSubscriptions, subscriptionPath } from './keys';

export const updateSubscription = ({ id, body }: { id: string; body: RecurringBody }) =>
  api.put<RecurringInvoice>(subscriptionPath(id), body);

/** PUT /api/recurring-invoices/{id} with the whole schedule; the list, the cards and this schedule are read again. */
export function useUpdateSubscription({
  onSuccess,
  onError,
}: { onSuccess?: (subscription: RecurringInvoice) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: async (subscription, { id }) => {
      await refreshSubscriptions(queryClient, id);
      onSuccess?.(subscription);
    },
    onError,
  });
}
