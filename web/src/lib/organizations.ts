import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { User, UserOrganizations } from '@billpoint/proto';
import { api } from './api-client';
import { redirectTo } from './navigation';

/** GET /api/auth/organizations: the organizations of the signed-in person (the shell's switcher). */
export const userOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'organizations'],
    queryFn: ({ signal }) => api.get<UserOrganizations>('/api/auth/organizations', { signal }),
  });
export const useUserOrganizations = () => useQuery(userOrganizationsQueryOptions());

/**
 * POST /api/auth/switch-organization, then the dashboard loaded afresh: every cached screen was the previous
 * organization's, so the whole app starts again rather than showing one organization's data under another's name.
 */
export const useSwitchOrganization = (o: { onError?: (e: Error) => void } = {}) =>
  useMutation({
    mutationFn: (organizationId: string) => api.post<User>('/api/auth/switch-organization', { organizationId }),
    onSuccess: () => redirectTo('/'),
    onError: o.onError,
  });
