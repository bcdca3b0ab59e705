import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationBody, Invitation, Invitations, OrganizationMember, OrganizationMembers, Role } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { organizationMembersQueryOptions } from './organization-members';

export const useMembers = () => useQuery(organizationMembersQueryOptions());

/** GET /api/organization/invitations: the pending invitations (admins only). */
export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'organization', 'invitations'],
    queryFn: ({ signal }) => api.get<Invitations>('/api/organization/invitations', { signal }),
    staleTime: 0,
  });
export const useInvitations = (enabled: boolean) => useQuery({ ...invitationsQueryOptions(), enabled });

type Callbacks<T> = { onSuccess?: (v: T) => void; onError?: (e: Error) => void };

/** Every change reads the members and the invitations again (an acceptance moves one into the other). */
function useMembersMutation<V, T>(fn: (v: V) => Promise<T>, o: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (v) => {
      void queryClient.invalidateQueries({ queryKey: organizationMembersQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey });
      o.onSuccess?.(v);
    },
    onError: o.onError,
  });
}

/** POST /api/organization/invitations: e-mails the invitation. */
export const useInviteMember = (o: Callbacks<Invitation> = {}) =>
  useMembersMutation((body: CreateInvitationBody) => api.post<Invitation>('/api/organization/invitations', body), o);

export const useRevokeInvitation = (o: Callbacks<string> = {}) =>
  useMembersMutation(async (id: string) => (await api.delete(`/api/organization/invitations/${id}`), id), o);

/** A new link and seven more days; the previous link stops working. */
export const useResendInvitation = (o: Callbacks<Invitation> = {}) =>
  useMembersMutation((id: string) => api.post<Invitation>(`/api/organization/invitations/${id}/resend`), o);

export const useUpdateMemberRole = (o: Callbacks<OrganizationMember> = {}) =>
  useMembersMutation(
    ({ userId, role }: { userId: string; role: Role }) => api.patch<OrganizationMember>(`/api/organization/members/${userId}`, { role }),
    o,
  );

export const useRemoveMember = (o: Callbacks<string> = {}) =>
  useMembersMutation(async (userId: string) => (await api.delete(`/api/organization/members/${userId}`), userId), o);

export const useTransferOwnership = (o: Callbacks<OrganizationMembers> = {}) =>
  useMembersMutation((userId: string) => api.post<OrganizationMembers>('/api/organization/transfer-ownership', { userId }), o);
