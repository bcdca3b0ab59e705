import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInvitationBody, InvitationPreview, User } from '@billpoint/proto';
import { api } from '@/lib/api-client';

/** GET /api/invitations/{token} (public): the organization, the e-mail and the role; 404 when unknown, used or expired. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));

/** POST /api/invitations/{token}/accept: signs in to the organization joined. */
export const useAcceptInvitation = (token: string, o: { onSuccess?: (u: User) => void; onError?: (e: Error) => void } = {}) =>
  useMutation({
    mutationFn: (body: AcceptInvitationBody) => api.post<User>(`/api/invitations/${encodeURIComponent(token)}/accept`, body),
    onSuccess: o.onSuccess,
    onError: o.onError,
  });
