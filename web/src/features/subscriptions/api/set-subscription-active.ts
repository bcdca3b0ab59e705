import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringInvoice } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { refreshSubscriptions, subscriptionPath } from './keys';

/** PATCH /api/recurring-invoices/{id} {isActive}: pause or resume (the flipped value). */
export const setSubscriptionActive = ({ id, isActive }: { id: number; isActive: boolean }) =>
  api.patch<RecurringInvoice>(subscriptionPath(id), { isActive });

export function useSetSubscriptionActive({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubscriptionActive,
    onSuccess: async (_data, { id }) => {
      await refreshSubscriptions(queryClient, id);
      onSuccess?.();
    },
    onError,
  });
}
