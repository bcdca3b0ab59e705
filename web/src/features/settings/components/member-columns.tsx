import { Crown, UserMinus } from 'lucide-react';
import { Roles, type OrganizationMember, type Role } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import type { Column } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useUpdateMemberRole } from '../api/members';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', manager: 'Manager', user: 'User' };

export const failed = (error: Error) => {
  if (isHandledGlobally(error)) return;
  const message = error instanceof ApiError ? (error.body?.message ?? error.statusText) : error.message;
  toast({ variant: 'destructive', title: 'Error', description: message });
};

export function RoleSelect({
  id,
  value,
  onChange,
  label,
  disabled,
}: {
  id: string;
  value: Role;
  onChange: (r: Role) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as Role)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className="w-32">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {Roles.map((r) => (
          <SelectItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A member's role: a select for those who manage (not the owner's), a badge otherwise; beside it, the owner's badge. */
function RoleCell({ member: m, manage }: { member: OrganizationMember; manage: boolean }) {
  const update = useUpdateMemberRole({
    onSuccess: (u) => toast({ title: 'Role updated', description: `${u.name} is now ${ROLE_LABELS[u.role].toLowerCase()}.` }),
    onError: failed,
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {m.owner && (
        <Badge variant="secondary">
          <Crown aria-hidden="true" className="mr-1 size-3" />
          Owner
        </Badge>
      )}
      {manage && !m.owner ? (
        <RoleSelect
          id={`role-${m.id}`}
          value={m.role}
          label={`Role of ${m.name}`}
          disabled={update.isPending}
          onChange={(role) => update.mutate({ userId: m.id, role })}
        />
      ) : (
        <Badge variant="outline" data-testid="member-role">
          {ROLE_LABELS[m.role]}
        </Badge>
      )}
    </div>
  );
}

/** The members' columns: who, their role, and for those who manage, make owner (the owner, of an admin) and remove. */
export function memberColumns({
  manage,
  isOwner,
  meId,
  onRemove,
  onMakeOwner,
}: {
  manage: boolean;
  isOwner: boolean;
  meId: string | undefined;
  onRemove: (m: OrganizationMember) => void;
  onMakeOwner: (m: OrganizationMember) => void;
}): Column<OrganizationMember>[] {
  return [
    {
      header: 'Member',
      stack: 'primary',
      className: 'whitespace-normal',
      cell: (m) => (
        <div className="min-w-0">
          <p className="font-medium break-words">
            {m.name}
            {m.id === meId && <span className="text-muted-foreground"> (you)</span>}
          </p>
          <p className="text-sm break-all text-muted-foreground">{m.email}</p>
        </div>
      ),
    },
    { header: 'Role', cell: (m) => <RoleCell member={m} manage={manage} /> },
    {
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      stack: 'actions',
      cell: (m) =>
        manage && !m.owner ? (
          <div className="flex items-center justify-end">
            {isOwner && m.role === 'admin' && (
              <IconAction label="Make owner" name={`Make ${m.name} the owner`} icon={Crown} onClick={() => onMakeOwner(m)} />
            )}
            <IconAction label="Remove" name={`Remove ${m.name}`} icon={UserMinus} destructive onClick={() => onRemove(m)} />
          </div>
        ) : null,
    },
  ];
}
