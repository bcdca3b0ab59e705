import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecurringRunResult } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '@/lib/invoices';
import { refreshSubscriptions, subscriptionPath } from './keys';

/** POST /api/recurring-invoices/{id}/run: every invoice due by today, now; a second call produces none. */
export const runSubscription = (id: number) => api.post<RecurringRunResult>(`${subscriptionPath(id)}/run`);

/** Generate the due invoices; the schedule (its counts and next date) and the invoice lists are read again. */
export function useRunSubscription({
  onSuccess,
  onError,
}: { onSuccess?: (result: RecurringRunResult) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSubscription,
    onSuccess: async (result, id) => {
      await Promise.all([refreshSubscriptions(queryClient, id), queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() })]);
      onSuccess?.(result);
    },
    onError,
  });
}
