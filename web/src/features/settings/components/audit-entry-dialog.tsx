import { portalCustomerIdOf, type AuditLog } from '@billpoint/proto';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { auditChanges, showValue } from '../lib/audit-diff';

/**
 * Who made a change: you, the system (jobs, providers: no user), a customer through the portal, a member by name, or a former member (an id that is
 * no longer among the organization's members). Until the members have arrived (or when they cannot be read) another
 * user is named by the start of their id.
 */
export function actorName(
  userId: string | null,
  currentUserId: string | undefined,
  members: ReadonlyMap<string, string> | undefined,
  entry?: Pick<AuditLog, 'entityType' | 'entityId' | 'newValues'>,
): string {
  if (userId === null) return 'System';
  // A customer signed in to the customer portal: named by the change when it is their own record.
  const customerId = portalCustomerIdOf(userId);
  if (customerId !== null) {
    const own = entry?.entityType === 'customer' && entry.entityId === String(customerId);
    const name = own ? (entry?.newValues as { name?: unknown } | null)?.name : undefined;
    return `Customer portal: ${typeof name === 'string' && name ? name : `customer #${customerId}`}`;
  }
  if (userId === currentUserId) return 'You';
  if (!members) return `User ${userId.slice(0, 8)}`;
  return members.get(userId) ?? 'Former member';
}

/** One audit entry: what, who, from where, and its old → new values field by field. */
export function AuditEntryDialog({
  entry,
  currentUserId,
  members,
  onClose,
}: {
  entry: AuditLog | null;
  currentUserId: string | undefined;
  members: ReadonlyMap<string, string> | undefined;
  onClose: () => void;
}) {
  const changes = entry ? auditChanges(entry.oldValues, entry.newValues) : [];
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{entry ? `${entry.entityType}${entry.entityId ? ` #${entry.entityId}` : ''} ${entry.action}` : ''}</DialogTitle>
          <DialogDescription>
            {entry
              ? `${new Date(entry.createdAt).toLocaleString('en-US')} · ${actorName(entry.userId, currentUserId, members, entry)} · ${entry.ipAddress ?? 'no IP address'}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {entry && (
          <div className="grid gap-3 text-sm">
            {entry.userAgent && <p className="text-xs break-all text-muted-foreground">{entry.userAgent}</p>}
            {changes.length === 0 ? (
              <p className="text-muted-foreground">No values changed.</p>
            ) : (
              <Table aria-label="Changed values">
                <TableHeader>
                  <TableRow>
                    <TableHead>Field</TableHead>
                    <TableHead>Old value</TableHead>
                    <TableHead>New value</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {changes.map((c) => (
                    <TableRow key={c.field}>
                      <TableCell className="font-mono text-xs">{c.field}</TableCell>
                      <TableCell className="max-w-64 font-mono text-xs break-all text-muted-foreground">{showValue(c.before)}</TableCell>
                      <TableCell className="max-w-64 font-mono text-xs break-all">{showValue(c.after)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <p className="text-xs text-muted-foreground">{`Event ${entry.metadata.subject} (${entry.metadata.eventId})`}</p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
