import * as React from 'react';
import { MailPlus, RefreshCw, Trash2 } from 'lucide-react';
import { CreateInvitationBody, RoleDescriptions, Roles, type Invitation, type OrganizationMember, type Role } from '@billpoint/proto';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IconAction } from '@/components/icon-action';
import { ListLoadFailed } from '@/components/list-parts';
import { ListTable } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useKnownPermission, useUser } from '@/lib/auth';
import {
  useInvitations,
  useInviteMember,
  useMembers,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTransferOwnership,
} from '../api/members';

import { ROLE_LABELS, RoleSelect, failed, memberColumns } from './member-columns';

export { ROLE_LABELS };
const MANAGE_ONLY = 'Only administrators can invite, change or remove members.';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Invite member: an e-mail and a role; the server e-mails the link (7 days, single use). */
function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [email, setEmail] = React.useState('');
  const [role, setRole] = React.useState<Role>('user');
  const [problem, setProblem] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) {
      setEmail('');
      setRole('user');
      setProblem(null);
    }
  }, [open]);
  const invite = useInviteMember({
    onSuccess: (i) => {
      toast({ title: 'Invitation sent', description: `${i.email} will receive a link to join.` });
      onOpenChange(false);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) setProblem(error.body?.message ?? error.statusText);
      else failed(error);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = CreateInvitationBody.safeParse({ email, role });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Valid email is required');
    setProblem(null);
    invite.mutate(parsed.data);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invite a member</DialogTitle>
          <DialogDescription>They receive an e-mail with a link to join. The link works once, for 7 days.</DialogDescription>
        </DialogHeader>
        <form id="invite-form" className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'invite-problem' : undefined}
              placeholder="colleague@company.com"
              autoFocus
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="invite-role">Role</Label>
            <RoleSelect id="invite-role" value={role} onChange={setRole} label="Role" />
            <p className="text-sm text-muted-foreground">{RoleDescriptions[role]}</p>
          </div>
          {problem && (
            <p id="invite-problem" role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="invite-form" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PendingInvitations({ onRevoke }: { onRevoke: (i: Invitation) => void }) {
  const invitations = useInvitations(true);
  const resend = useResendInvitation({
    onSuccess: (i) => toast({ title: 'Invitation resent', description: `A new link went to ${i.email}.` }),
    onError: failed,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending invitations</CardTitle>
        <CardDescription>Invitations not accepted yet. Resending sends a new link and the old one stops working.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : invitations.isError ? (
          <ListLoadFailed what="invitations" onRetry={() => void invitations.refetch()} />
        ) : invitations.data.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pending invitations.</p>
        ) : (
          <ul className="divide-y" aria-label="Pending invitations">
            {invitations.data.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="invitation-row">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate font-medium">{i.email}</p>
                  <p className="text-sm text-muted-foreground">Expires {day(i.expiresAt)}</p>
                </div>
                <Badge variant="outline">{ROLE_LABELS[i.role]}</Badge>
                <div className="flex items-center">
                  <IconAction
                    label="Resend"
                    name={`Resend the invitation to ${i.email}`}
                    icon={RefreshCw}
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(i.id)}
                  />
                  <IconAction
                    label="Revoke"
                    name={`Revoke the invitation to ${i.email}`}
                    icon={Trash2}
                    destructive
                    onClick={() => onRevoke(i)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Members: who belongs to the organization and with which role, what each role may do (proto's
 * RoleDescriptions); those with members.manage (admins) invite,
 * change roles, remove, see and manage pending invitations, and the owner hands ownership to another admin. Others
 * see the list read-only.
 */
export function MembersSection() {
  const { user } = useUser();
  const manage = useKnownPermission('members.manage');
  const members = useMembers();
  const [inviting, setInviting] = React.useState(false);
  const [removing, setRemoving] = React.useState<OrganizationMember | null>(null);
  const [revoking, setRevoking] = React.useState<Invitation | null>(null);
  const [transferring, setTransferring] = React.useState<OrganizationMember | null>(null);
  const remove = useRemoveMember({ onSuccess: () => toast({ title: 'Member removed' }), onError: failed });
  const revoke = useRevokeInvitation({ onSuccess: () => toast({ title: 'Invitation revoked' }), onError: failed });
  const transfer = useTransferOwnership({ onSuccess: () => toast({ title: 'Ownership transferred' }), onError: failed });
  const list = members.data?.members ?? [];
  const isOwner = list.some((m) => m.owner && m.id === user?.id);

  return (
    <>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="space-y-1.5">
            <CardTitle>Members</CardTitle>
            <CardDescription>The people of your organization and what each may do.</CardDescription>
          </div>
          {manage && (
            <Button onClick={() => setInviting(true)}>
              <MailPlus aria-hidden="true" />
              Invite member
            </Button>
          )}
        </CardHeader>
        <CardContent className="space-y-6">
          {members.isError ? (
            <ListLoadFailed what="members" onRetry={() => void members.refetch()} />
          ) : (
            <ListTable
              label="Members"
              columns={memberColumns({ manage, isOwner, meId: user?.id, onRemove: setRemoving, onMakeOwner: setTransferring })}
              rows={list}
              testId="member-row"
              list={members}
              skeletonRows={2}
              frame="outline"
            />
          )}
          {!manage && <p className="text-sm text-muted-foreground">{MANAGE_ONLY}</p>}
          <section aria-labelledby="roles-heading" className="rounded-md border p-4">
            <h3 id="roles-heading" className="mb-2 text-sm font-semibold">
              Roles
            </h3>
            <dl className="space-y-2 text-sm">
              {Roles.map((r) => (
                <div key={r}>
                  <dt className="font-medium">{ROLE_LABELS[r]}</dt>
                  <dd className="text-muted-foreground">{RoleDescriptions[r]}</dd>
                </div>
              ))}
            </dl>
          </section>
        </CardContent>
      </Card>
      {manage && <PendingInvitations onRevoke={setRevoking} />}
      {manage && <InviteDialog open={inviting} onOpenChange={setInviting} />}
      <ConfirmDialog
        item={removing}
        title="Remove member"
        description={(m) => `${m.name} loses access to this organization at once. They can be invited again later.`}
        action="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={(m) => remove.mutate(m.id)}
      />
      <ConfirmDialog
        item={revoking}
        title="Revoke invitation"
        description={(i) => `The link sent to ${i.email} stops working.`}
        action="Revoke"
        onCancel={() => setRevoking(null)}
        onConfirm={(i) => revoke.mutate(i.id)}
      />
      <ConfirmDialog
        item={transferring}
        title="Transfer ownership"
        description={(m) => `${m.name} becomes the owner. You stay an admin, and only they can hand ownership on again.`}
        action="Transfer"
        destructive={false}
        onCancel={() => setTransferring(null)}
        onConfirm={(m) => transfer.mutate(m.id)}
      />
    </>
  );
}
