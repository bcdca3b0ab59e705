import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationSettings } from '@billpoint/proto';
import { api } from '@/lib/api-client';

const key = ['settings', 'organization'] as const;

/** GET /api/organization-settings (the gateway owns the organization). */
export const organizationSettingsQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => api.get<OrganizationSettings>('/api/organization-settings', { signal }) });

export const useOrganizationSettings = () => useQuery(organizationSettingsQueryOptions());

/** POST /api/organization-settings; the answer becomes the cached settings, the signed-in user is read again (its organization name). */
export function useSaveOrganizationSettings(o: { onSuccess?: (s: OrganizationSettings) => void; onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.post<OrganizationSettings>('/api/organization-settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
      o.onSuccess?.(saved);
    },
    onError: o.onError,
  });
}
