import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { usePermission } from '@/lib/auth';
import { isHandledGlobally } from '@/lib/query-client';
import { useInviteToPortal } from '../api/invite-to-portal';

/** "Invite to portal" on a customer's page: e-mails them the customer portal's address (customers.write). */
export function InviteToPortalButton({ customerId }: { customerId: number }) {
  const canInvite = usePermission('customers.write');
  const invite = useInviteToPortal({
    onSuccess: () => toast({ title: 'Success', description: 'Portal invitation sent' }),
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      // 422: the customer has no e-mail address — the server says so in its own words.
      const said = error instanceof ApiError && error.status === 422 ? error.body?.message : undefined;
      toast({ variant: 'destructive', title: 'Error', description: said ?? 'Failed to send the portal invitation. Please try again.' });
    },
  });
  if (!canInvite) return null;
  return (
    <Button variant="outline" onClick={() => invite.mutate({ customerId })} disabled={invite.isPending}>
      <Send aria-hidden="true" />
      {invite.isPending ? 'Sending…' : 'Invite to portal'}
    </Button>
  );
}
