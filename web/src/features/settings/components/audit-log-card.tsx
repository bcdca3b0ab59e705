import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { IntegrationMessages, type AuditLog } from '@billpoint/proto';
import { EmptyState } from '@/components/list-parts';
import { ListTable, type Column } from '@/components/list-page';
import { LoadProblem } from '@/components/load-problem';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUser } from '@/lib/auth';
import { AUDIT_PAGE_SIZE, auditLogsQueryOptions, type AuditFilters } from '../api/audit-logs';
import { useMemberNames } from '../api/organization-members';
import { AuditEntryDialog, actorName } from './audit-entry-dialog';

const NO_FILTERS: AuditFilters = { entityType: '', action: '', from: '', to: '' };
/** Suggestions for the filters (the trail holds whatever the services' events name). */
const ENTITY_TYPES = [
  'customer',
  'invoice',
  'product',
  'payment',
  'subscription',
  'api-key',
  'webhook',
  'organization',
  'expense',
  'tax-rate',
  'invitation',
  'membership',
];
const ACTIONS = [
  'created',
  'updated',
  'deleted',
  'sent',
  'paid',
  'overdue',
  'completed',
  'failed',
  'cancelled',
  'revoked',
  'resent',
  'accepted',
  'removed',
  'owner-changed',
];

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The audit log's columns: the time opens the entry's values. */
function auditColumns(
  currentUserId: string | undefined,
  members: Parameters<typeof actorName>[2],
  onOpen: (row: AuditLog) => void,
): Column<AuditLog>[] {
  return [
    {
      header: 'When',
      stack: 'primary',
      cell: (row) => (
        <button
          type="button"
          className="rounded-sm text-left font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:font-normal"
          aria-label={`${when(row.createdAt)}: ${row.entityType} ${row.entityId ?? ''} ${row.action}, show the values`}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(row);
          }}
        >
          {when(row.createdAt)}
        </button>
      ),
    },
    {
      header: 'Who',
      className: 'whitespace-normal',
      cell: (row) => <span title={row.userAgent ?? undefined}>{actorName(row.userId, currentUserId, members, row)}</span>,
    },
    {
      header: 'Entity',
      className: 'whitespace-normal',
      cell: (row) => (
        <>
          <span className="font-medium">{row.entityType}</span>
          {row.entityId && <span className="text-muted-foreground"> #{row.entityId}</span>}
        </>
      ),
    },
    { header: 'Action', className: 'break-words whitespace-normal', cell: (row) => row.action },
    {
      header: 'IP address',
      className: 'whitespace-normal',
      cell: (row) => <span className="font-mono text-xs break-all">{row.ipAddress ?? '—'}</span>,
    },
  ];
}

/** Settings → Security, for admins: every change in the organization, who made it and from where. */
export function AuditLogCard() {
  const { user } = useUser();
  const [draft, setDraft] = React.useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = React.useState<AuditFilters>(NO_FILTERS);
  const [offset, setOffset] = React.useState(0);
  const [open, setOpen] = React.useState<AuditLog | null>(null);
  const logs = useQuery(auditLogsQueryOptions(filters, offset));
  const members = useMemberNames();
  const page = logs.data;
  const field = (name: keyof AuditFilters) => ({
    id: `audit-${name}`,
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setOffset(0);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>Every change in your organization: who made it, when, from which address, and what changed.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          aria-label="Audit log filters"
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="audit-entityType">Entity type</Label>
            <Input {...field('entityType')} list="audit-entity-types" placeholder="All" autoComplete="off" />
            <datalist id="audit-entity-types">
              {ENTITY_TYPES.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-action">Action</Label>
            <Input {...field('action')} list="audit-actions" placeholder="All" autoComplete="off" />
            <datalist id="audit-actions">
              {ACTIONS.map((a) => (
                <option key={a} value={a} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-from">From</Label>
            <Input {...field('from')} type="date" max={draft.to || undefined} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-to">To</Label>
            <Input {...field('to')} type="date" min={draft.from || undefined} />
          </div>
          <div className="flex justify-end gap-2 sm:col-span-2 lg:col-span-4">
            <Button type="submit">Filter</Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setDraft(NO_FILTERS);
                apply(NO_FILTERS);
              }}
            >
              Clear
            </Button>
          </div>
        </form>

        {logs.isError ? (
          <LoadProblem
            error={logs.error}
            what="the audit log"
            refusedFallback={IntegrationMessages.adminsOnly}
            onRetry={() => void logs.refetch()}
          />
        ) : page && page.total === 0 ? (
          <EmptyState icon={History} title="No entries" description="Nothing matches these filters yet." />
        ) : (
          <>
            {/* A table from 768 px (every column shown, long values wrap); stacked entries on a phone. */}
            <ListTable
              label="Audit log"
              columns={auditColumns(user?.id, members, setOpen)}
              rows={page?.items ?? []}
              testId="audit-row"
              list={{ isPending: !page, isFetching: logs.isFetching }}
              frame="outline"
              onRowClick={setOpen}
            />
            {page && (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-muted-foreground" role="status">
                  {page.items.length > 0
                    ? `${offset + 1}–${offset + page.items.length} of ${page.total.toLocaleString('en-US')}`
                    : `0 of ${page.total}`}
                </p>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={offset === 0 || logs.isFetching}
                    onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
                  >
                    Previous
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={offset + page.items.length >= page.total || logs.isFetching}
                    onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}
                  >
                    Next
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
      </CardContent>
      <AuditEntryDialog entry={open} currentUserId={user?.id} members={members} onClose={() => setOpen(null)} />
    </Card>
  );
}
