import { ConfirmDialog } from '@/components/confirm-dialog';
import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { IntegrationMessages, type ApiKey } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { EmptyState } from '@/components/list-parts';
import { ListTable, type Column } from '@/components/list-page';
import { LoadProblem } from '@/components/load-problem';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { isHandledGlobally } from '@/lib/query-client';
import { apiKeysQueryOptions, useDeleteApiKey, usageStatsQueryOptions } from '../api/api-keys';
import { formatFullTime, formatWhen } from '../lib/when';
import { ApiKeyDialog } from './api-key-dialog';
import { TestKeyCard } from './test-key-card';

const expired = (k: ApiKey) => k.expiresAt !== null && new Date(k.expiresAt).getTime() <= Date.now();

/** The API keys' columns; `requests`: this month's requests by key id, null while unknown. */
function apiKeyColumns({
  canManage,
  requests,
  deleting,
  onDelete,
}: {
  canManage: boolean;
  requests: Map<ApiKey['id'], number> | null;
  deleting: boolean;
  onDelete: (k: ApiKey) => void;
}): Column<ApiKey>[] {
  return [
    { header: 'Name', stack: 'primary', cell: (k) => <span className="font-medium">{k.name}</span> },
    {
      header: 'Key',
      cell: (k) => (
        <code className="font-mono text-xs break-all" title={`Starts with ${k.keyPrefix}`}>
          {k.maskedKey}
        </code>
      ),
    },
    {
      header: 'Permissions',
      cell: (k) => (
        <div className="flex max-w-72 flex-wrap gap-1">
          {k.permissions.length === 0 ? (
            <span className="text-sm text-muted-foreground">None</span>
          ) : (
            k.permissions.map((p) => (
              <Badge key={p} variant={p === '*' ? 'default' : 'secondary'} className="font-mono">
                {p === '*' ? '* (full access)' : p}
              </Badge>
            ))
          )}
        </div>
      ),
    },
    {
      header: 'Status',
      cell: (k) => (
        <>
          {k.isActive && !expired(k) ? (
            <Badge variant="success">Active</Badge>
          ) : (
            <Badge variant="outline">{expired(k) ? 'Expired' : 'Inactive'}</Badge>
          )}
          {k.expiresAt && !expired(k) && <p className="mt-1 text-xs text-muted-foreground">Expires {formatWhen(k.expiresAt)}</p>}
        </>
      ),
    },
    {
      header: 'Last used',
      cell: (k) => <span title={k.lastUsedAt ? formatFullTime(k.lastUsedAt) : undefined}>{formatWhen(k.lastUsedAt)}</span>,
    },
    {
      header: 'Requests this month',
      align: 'right',
      className: 'tabular-nums',
      testId: 'key-requests',
      cell: (k) => (requests ? (requests.get(k.id) ?? 0).toLocaleString('en-US') : '—'),
    },
    {
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      stack: 'actions',
      cell: (k) =>
        canManage ? (
          <IconAction label="Delete" name={`Delete ${k.name}`} icon={Trash2} destructive disabled={deleting} onClick={() => onDelete(k)} />
        ) : null,
    },
  ];
}

/** API Keys tab: the keys with their prefix, masked key, scopes, status, last use and this month's requests. */
export function ApiKeysTab({ canManage }: { canManage: boolean }) {
  const keys = useQuery(apiKeysQueryOptions());
  const usage = useQuery(usageStatsQueryOptions());
  const [creating, setCreating] = React.useState(false);
  const [deleting, setDeleting] = React.useState<ApiKey | null>(null);
  const remove = useDeleteApiKey({
    onSuccess: () => toast({ title: 'API key deleted', description: 'Requests made with it are refused from now on.' }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete API key' });
    },
  });
  const requests = new Map(usage.data?.keys.map((k) => [k.keyId, k.requestsThisMonth]));
  const list = keys.data?.apiKeys ?? [];
  const createButton = canManage && (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      Create API Key
    </Button>
  );

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>API Keys</CardTitle>
            <CardDescription>
              Keys let your own systems call the Billpoint API. Each key only does what its permissions allow.
            </CardDescription>
          </div>
          {list.length > 0 && createButton}
        </CardHeader>
        <CardContent>
          {keys.isError ? (
            <LoadProblem
              error={keys.error}
              what="API keys"
              refusedFallback={IntegrationMessages.adminsOnly}
              onRetry={() => void keys.refetch()}
            />
          ) : !keys.isPending && list.length === 0 ? (
            <EmptyState
              icon={KeyRound}
              title="No API keys yet"
              description="Create a key to call the API from your own systems."
              action={createButton || undefined}
            />
          ) : (
            <ListTable
              label="API keys"
              columns={apiKeyColumns({
                canManage,
                requests: usage.data ? requests : null,
                deleting: remove.isPending,
                onDelete: setDeleting,
              })}
              rows={list}
              testId="api-key-row"
              list={keys}
              skeletonRows={2}
              frame="outline"
            />
          )}
        </CardContent>
      </Card>

      {canManage && <TestKeyCard />}

      <ApiKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        item={deleting}
        title="Are you sure you want to delete this API key?"
        description={(x) => `“${x.name}” is revoked: every request made with it is refused from now on. This cannot be undone.`}
        onCancel={() => setDeleting(null)}
        onConfirm={(x) => remove.mutate(x.id)}
      />
    </div>
  );
}
