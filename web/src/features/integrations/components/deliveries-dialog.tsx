import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, RefreshCw, RotateCcw } from 'lucide-react';
import { IntegrationMessages, type Webhook, type WebhookDelivery } from '@billpoint/proto';
import { LoadProblem } from '@/components/load-problem';
import { TableSkeletonRows } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';
import { deliveriesQueryOptions, useRetryDelivery } from '../api/webhooks';
import { formatFullTime, formatWhen } from '../lib/when';

const COLUMNS = ['Details', 'Status', 'Event', 'Attempts', 'Response', 'Time', 'Actions'] as const;

const STATUS: Record<WebhookDelivery['status'], { label: string; variant: 'success' | 'destructive' | 'secondary' | 'outline' }> = {
  success: { label: 'Success', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  retrying: { label: 'Retrying', variant: 'secondary' },
  pending: { label: 'Pending', variant: 'outline' },
};

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** A webhook's deliveries (newest first): status, event, attempts, response status and time; a row opens the answer. */
export function DeliveriesDialog({ webhook, onOpenChange }: { webhook: Webhook | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={webhook !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{`Deliveries of ${webhook?.name ?? ''}`}</DialogTitle>
          <DialogDescription className="break-all">{webhook?.url}</DialogDescription>
        </DialogHeader>
        {webhook && <Deliveries webhookId={webhook.id} />}
      </DialogContent>
    </Dialog>
  );
}

function Deliveries({ webhookId }: { webhookId: number }) {
  const deliveries = useQuery(deliveriesQueryOptions(webhookId));
  const [open, setOpen] = React.useState<Set<number>>(new Set());
  const retry = useRetryDelivery({
    onSuccess: (d) =>
      d.status === 'success'
        ? toast({ title: 'Delivered', description: `The endpoint answered ${d.responseStatus ?? ''}`.trim() })
        : toast({
            variant: 'destructive',
            title: 'Delivery failed again',
            description: d.errorMessage ?? `HTTP ${d.responseStatus ?? '—'}`,
          }),
    onError: (error) => {
      if (!isHandledGlobally(error))
        toast({
          variant: 'destructive',
          title: 'Error',
          description: (error instanceof ApiError && error.body?.message) || 'Retry failed',
        });
    },
  });
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (deliveries.isError)
    return (
      <LoadProblem
        error={deliveries.error}
        what="deliveries"
        refusedFallback={IntegrationMessages.adminsOnly}
        onRetry={() => void deliveries.refetch()}
      />
    );
  const page = deliveries.data;
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status">
          {page
            ? page.total === 0
              ? 'No deliveries yet'
              : `${page.items.length} of ${plural(page.total, 'delivery', 'deliveries')}`
            : 'Loading...'}
        </p>
        <Button variant="outline" size="sm" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
      <Table aria-label="Deliveries">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableHead key={c}>{c === 'Details' || c === 'Actions' ? <span className="sr-only">{c}</span> : c}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {!page ? (
            <TableSkeletonRows columns={COLUMNS} rows={3} testId="delivery-skeleton" />
          ) : (
            page.items.map((d) => {
              const expanded = open.has(d.id);
              return (
                <React.Fragment key={d.id}>
                  <TableRow data-testid="delivery-row">
                    <TableCell className="w-8">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-expanded={expanded}
                        aria-controls={`delivery-${d.id}`}
                        aria-label={`${expanded ? 'Hide' : 'Show'} details of delivery ${d.id}`}
                        onClick={() => toggle(d.id)}
                      >
                        {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                      </Button>
                    </TableCell>
                    <TableCell>
                      <DeliveryStatusBadge status={d.status} />
                    </TableCell>
                    <TableCell className="font-mono text-xs">{d.eventType}</TableCell>
                    <TableCell className="tabular-nums">{d.attempts}</TableCell>
                    <TableCell className="tabular-nums">{d.responseStatus ?? '—'}</TableCell>
                    <TableCell title={formatFullTime(d.lastAttemptAt ?? d.createdAt)}>
                      {formatWhen(d.lastAttemptAt ?? d.createdAt)}
                    </TableCell>
                    <TableCell className="text-right">
                      {(d.status === 'failed' || d.status === 'retrying') && (
                        <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate(d.id)}>
                          <RotateCcw aria-hidden="true" />
                          Retry
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                  {expanded && (
                    <TableRow id={`delivery-${d.id}`} className="hover:bg-transparent">
                      <TableCell colSpan={COLUMNS.length}>
                        <DeliveryDetails delivery={d} />
                      </TableCell>
                    </TableRow>
                  )}
                </React.Fragment>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function DeliveryDetails({ delivery: d }: { delivery: WebhookDelivery }) {
  const facts: [string, string][] = [
    ['Message id (webhook-id)', d.messageId],
    ['Created', formatFullTime(d.createdAt)],
    ...(d.deliveredAt ? [['Delivered', formatFullTime(d.deliveredAt)] as [string, string]] : []),
    ...(d.nextRetryAt && d.status !== 'success' ? [['Next retry', formatFullTime(d.nextRetryAt)] as [string, string]] : []),
    ...(d.durationMs !== null ? [['Duration', `${d.durationMs} ms`] as [string, string]] : []),
  ];
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {facts.map(([k, v]) => (
          <React.Fragment key={k}>
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="font-mono text-xs break-all">{v}</dd>
          </React.Fragment>
        ))}
      </dl>
      {d.errorMessage && <p className="text-destructive">{d.errorMessage}</p>}
      <div>
        <p className="mb-1 font-medium">Response body (first 2 KB)</p>
        <pre className="max-h-48 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap" tabIndex={0}>
          {d.responseBody || '(empty)'}
        </pre>
      </div>
    </div>
  );
}
