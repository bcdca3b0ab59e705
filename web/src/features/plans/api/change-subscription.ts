import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeAnswer, SubscriptionChangeBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { userQueryOptions } from '@/lib/auth';
import { userSubscriptionQueryOptions } from './get-user-subscription';

export const changeSubscription = (body: SubscriptionChangeBody) => api.post<SubscriptionChangeAnswer>('/api/subscription/change', body);

/** POST /api/subscription/change; on success the user-subscription and current-user data are refreshed. */
export function useChangeSubscription({
  onSuccess,
  onError,
}: { onSuccess?: (answer: SubscriptionChangeAnswer) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userSubscriptionQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
      ]);
      onSuccess?.(answer);
    },
    onError,
  });
}
