import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSessions,
  ChangePasswordBody,
  OrganizationSecurity,
  RecoveryCodes,
  TwoFactorDisableBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@billpoint/proto';
import { api } from '@/lib/api-client';

/** GET /api/auth/two-factor: the signed-in person's two-factor state. */
export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'two-factor'],
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/auth/two-factor', { signal }),
  });
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());

/** POST /api/auth/two-factor/setup: a new pending secret with its QR code. */
export const useTwoFactorSetup = () => useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/api/auth/two-factor/setup') });

/** POST /api/auth/two-factor/enable: the ten recovery codes, once. */
export function useTwoFactorEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/api/auth/two-factor/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey }),
  });
}

/** POST /api/auth/two-factor/disable with a code or the password. */
export function useTwoFactorDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) => api.post<void>('/api/auth/two-factor/disable', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey }),
  });
}

/** POST /api/auth/change-password: the person's other sessions end. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<void>('/api/auth/change-password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

/** GET /api/auth/sessions: where the person is signed in. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: ({ signal }) => api.get<AccountSessions>('/api/auth/sessions', { signal }),
    staleTime: 0,
  });
export const useSessions = () => useQuery(sessionsQueryOptions());

/** DELETE /api/auth/sessions/others, or one session by id. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: 'others' | string) => api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

/** GET/PUT /api/organization/security: the organization's "require two-factor" rule. */
export const organizationSecurityQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'organization', 'security'],
    queryFn: ({ signal }) => api.get<OrganizationSecurity>('/api/organization/security', { signal }),
  });
export const useOrganizationSecurity = () => useQuery(organizationSecurityQueryOptions());
export function useSaveOrganizationSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationSecurity) => api.put<OrganizationSecurity>('/api/organization/security', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationSecurityQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey });
    },
  });
}
