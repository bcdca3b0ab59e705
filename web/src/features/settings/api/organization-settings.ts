import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationSettings } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { organizationSettingsKey as key, organizationSettingsQueryOptions } from '@/lib/organization-settings';

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
