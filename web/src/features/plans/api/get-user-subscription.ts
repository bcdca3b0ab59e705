import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSubscription } from '@billpoint/proto';
import { apiGet } from '@/lib/api-client';

export const userSubscriptionQueryOptions = queryOptions({
  queryKey: ['user-subscription'],
  queryFn: ({ signal }) => apiGet<UserSubscription>('/api/user-subscription', { signal }),
});

/** The tenant's subscription; asked only when signed in (which plan is current needs a session). */
export function useUserSubscription(signedIn: boolean) {
  return useQuery({ ...userSubscriptionQueryOptions, enabled: signedIn });
}
