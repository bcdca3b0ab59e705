import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshSubscriptions, subscriptionKeys, subscriptionPath } from './keys';

export const deleteSubscription = (id: number) => api.delete(subscriptionPath(id));

/** DELETE /api/recurring-invoices/{id}; the list and the cards are read again. */
export function useDeleteSubscription({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: subscriptionKeys.detail(String(id)) });
      await refreshSubscriptions(queryClient);
      onSuccess?.();
    },
    onError,
  });
}
