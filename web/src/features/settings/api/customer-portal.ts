import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationSettings, UserSubscription } from '@billpoint/proto';
import { api, apiGet } from '@/lib/api-client';
import { organizationSettingsKey } from '@/lib/organization-settings';

/** The organization's plan (white-label is the Enterprise plan's); the same cache entry as the Plans page. */
export const usePlan = () =>
  useQuery({
    queryKey: ['user-subscription'],
    queryFn: ({ signal }) => apiGet<UserSubscription>('/api/user-subscription', { signal }),
  });

/** "Check now": POST /api/organization-settings/custom-domain/verify; the answer becomes the cached settings. */
export function useVerifyCustomDomain(o: { onSuccess?: (s: OrganizationSettings) => void; onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OrganizationSettings>('/api/organization-settings/custom-domain/verify'),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationSettingsKey, saved);
      o.onSuccess?.(saved);
    },
    onError: o.onError,
  });
}
