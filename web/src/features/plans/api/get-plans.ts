import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '@billpoint/proto';
import { apiGet } from '@/lib/api-client';
import { FALLBACK_PLANS } from '../lib/plan-display';

/** GET /api/subscription-plans: public, signed in or not. */
export const plansQueryOptions = queryOptions({
  queryKey: ['subscription-plans'],
  queryFn: ({ signal }) => apiGet<SubscriptionPlan[]>('/api/subscription-plans', { signal }),
});

/** The plans, or the fallback plan values when they cannot be loaded. */
export function usePlans() {
  const query = useQuery(plansQueryOptions);
  const plans = query.data ?? (query.isError ? FALLBACK_PLANS : undefined);
  return { plans, isPending: plans === undefined };
}
