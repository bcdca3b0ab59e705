import { useMutation } from '@tanstack/react-query';
import type { PortalInvitationBody } from '@billpoint/proto';
import { apiFetch } from '@/lib/api-client';

/** POST /api/portal-invitations: e-mails the customer the portal invitation (the `welcome` template). */
export const inviteToPortal = async (body: PortalInvitationBody) =>
  void (await apiFetch('/api/portal-invitations', { method: 'POST', body }));

export const useInviteToPortal = (o: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) =>
  useMutation({ mutationFn: inviteToPortal, onSuccess: o.onSuccess, onError: o.onError });
