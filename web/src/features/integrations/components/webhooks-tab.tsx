import { ConfirmDialog } from '@/components/confirm-dialog';
import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { History, KeySquare, Pencil, Plus, Send, Trash2, TriangleAlert, Webhook as WebhookIcon } from 'lucide-react';
import { IntegrationMessages, type Webhook } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { EmptyState } from '@/components/list-parts';
import { LoadProblem } from '@/components/load-problem';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestWebhook,
  webhooksQueryOptions,
  type WebhookSecretRotated,
} from '../api/webhooks';
import { webhookHealth } from '../lib/webhook-form';
import { formatFullTime, formatWhen } from '../lib/when';
import { DeliveriesDialog } from './deliveries-dialog';
import { SECRET_SHOWN_ONCE, WebhookDialog } from './webhook-dialog';
import { ShownOnce } from './shown-once';

const failed = (fallback: string) => (error: Error) => {
  if (!isHandledGlobally(error))
    toast({ variant: 'destructive', title: 'Error', description: (error instanceof ApiError && error.body?.message) || fallback });
};

/** Webhooks tab: the endpoints, their events and health; create, edit, test, rotate, delete, deliveries. */
export function WebhooksTab({ canManage }: { canManage: boolean }) {
  const webhooks = useQuery(webhooksQueryOptions());
  const [editing, setEditing] = React.useState<{ open: boolean; webhook: Webhook | null }>({ open: false, webhook: null });
  const [deleting, setDeleting] = React.useState<Webhook | null>(null);
  const [rotating, setRotating] = React.useState<Webhook | null>(null);
  const [rotated, setRotated] = React.useState<WebhookSecretRotated | null>(null);
  const [viewing, setViewing] = React.useState<Webhook | null>(null);

  const remove = useDeleteWebhook({
    onSuccess: () => toast({ title: 'Webhook deleted' }),
    onError: failed('Failed to delete webhook'),
  });
  const rotate = useRotateWebhookSecret({ onSuccess: setRotated, onError: failed('Failed to rotate the signing secret') });
  const sendTest = useSendTestWebhook({
    onSuccess: (d) =>
      d.status === 'success'
        ? toast({ title: 'Test event delivered', description: `The endpoint answered ${d.responseStatus ?? ''}`.trim() })
        : toast({
            variant: 'destructive',
            title: 'Test event failed',
            description: d.errorMessage ?? `The endpoint answered ${d.responseStatus ?? '—'}`,
          }),
    onError: failed('Failed to send the test event'),
  });

  const list = webhooks.data?.webhooks ?? [];
  const create = () => setEditing({ open: true, webhook: null });
  const createButton = canManage && (
    <Button onClick={create}>
      <Plus aria-hidden="true" />
      Create Webhook
    </Button>
  );

  return (
    <>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Webhooks</CardTitle>
            <CardDescription>Signed HTTP POSTs to your systems when invoices, customers, payments or subscriptions change.</CardDescription>
          </div>
          {list.length > 0 && createButton}
        </CardHeader>
        <CardContent>
          {webhooks.isPending ? (
            <div className="grid gap-3" aria-busy="true" aria-label="Loading webhooks">
              <Skeleton className="h-24" />
              <Skeleton className="h-24" />
            </div>
          ) : webhooks.isError ? (
            <LoadProblem
              error={webhooks.error}
              what="webhooks"
              refusedFallback={IntegrationMessages.adminsOnly}
              onRetry={() => void webhooks.refetch()}
            />
          ) : list.length === 0 ? (
            <EmptyState
              icon={WebhookIcon}
              title="No webhooks yet"
              description="Create a webhook to hear about changes as they happen."
              action={createButton || undefined}
            />
          ) : (
            <ul className="grid gap-3" aria-label="Webhooks">
              {list.map((w) => (
                <li key={w.id} className="grid gap-3 rounded-lg border p-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="grid min-w-0 gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="font-semibold">{w.name}</h3>
                        {w.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>}
                      </div>
                      <p className="font-mono text-xs break-all text-muted-foreground">{w.url}</p>
                      <p className="text-xs text-muted-foreground">
                        Last triggered:{' '}
                        <span title={w.lastTriggeredAt ? formatFullTime(w.lastTriggeredAt) : undefined}>
                          {formatWhen(w.lastTriggeredAt)}
                        </span>
                        {' · '}Retries {w.retryAttempts}, timeout {w.timeoutSeconds} s{' · '}Secret <code>{w.secretHint}</code>
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-1">
                      <Button variant="outline" size="sm" onClick={() => setViewing(w)}>
                        <History aria-hidden="true" />
                        Deliveries
                      </Button>
                      {canManage && (
                        <>
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={sendTest.isPending || !w.isActive}
                            onClick={() => sendTest.mutate(w.id)}
                            aria-label={`Send test to ${w.name}`}
                          >
                            <Send aria-hidden="true" />
                            {sendTest.isPending && sendTest.variables === w.id ? 'Sending...' : 'Send test'}
                          </Button>
                          <IconAction
                            label="Edit"
                            name={`Edit ${w.name}`}
                            icon={Pencil}
                            onClick={() => setEditing({ open: true, webhook: w })}
                          />
                          <IconAction
                            label="Rotate secret"
                            name={`Rotate secret of ${w.name}`}
                            icon={KeySquare}
                            onClick={() => setRotating(w)}
                          />
                          <IconAction label="Delete" name={`Delete ${w.name}`} icon={Trash2} destructive onClick={() => setDeleting(w)} />
                        </>
                      )}
                    </div>
                  </div>
                  <ul className="flex flex-wrap gap-1" aria-label={`Events of ${w.name}`}>
                    {w.events.map((e) => (
                      <li key={e}>
                        <Badge variant="secondary" className="font-mono">
                          {e}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                  <HealthNotice webhook={w} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <WebhookDialog open={editing.open} webhook={editing.webhook} onOpenChange={(open) => setEditing((e) => ({ ...e, open }))} />
      <DeliveriesDialog webhook={viewing} onOpenChange={(open) => !open && setViewing(null)} />

      <ConfirmDialog
        item={deleting}
        title="Are you sure you want to delete this webhook?"
        description={(x) =>
          `“${x.name}” stops receiving events; deliveries still waiting are not sent. Its delivery log stays in the audit.`
        }
        onCancel={() => setDeleting(null)}
        onConfirm={(x) => remove.mutate(x.id)}
      />

      <ConfirmDialog
        item={rotating}
        title="Rotate the signing secret?"
        description={(x) =>
          `A new secret for “${x.name}” is made now. For 24 hours deliveries carry a signature with the old secret too, so update your receiver within that time.`
        }
        action="Rotate secret"
        destructive={false}
        onCancel={() => setRotating(null)}
        onConfirm={(x) => rotate.mutate(x.id)}
      />

      <Dialog open={rotated !== null} onOpenChange={(open) => !open && setRotated(null)}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>New Signing Secret</DialogTitle>
            <DialogDescription>
              {rotated ? `The previous secret still signs until ${formatFullTime(rotated.previousSecretExpiresAt)}.` : ''}
            </DialogDescription>
          </DialogHeader>
          {rotated && <ShownOnce label="Signing secret" value={rotated.secret} warning={SECRET_SHOWN_ONCE} />}
          <DialogFooter>
            <Button onClick={() => setRotated(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Tells the endpoint's owner that deliveries fail (and when it will be switched off), or that it was. */
function HealthNotice({ webhook }: { webhook: Webhook }) {
  const health = webhookHealth(webhook);
  if (health.state === 'ok') return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive dark:text-red-300"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {health.state === 'disabled' ? (
        <p>
          {`This webhook was disabled ${formatWhen(health.since)} because its deliveries failed for 3 days`}
          {health.reason ? ` (${health.reason})` : ''}. Fix the endpoint, then edit the webhook and switch it on again.
        </p>
      ) : (
        <p>
          {`Deliveries to this endpoint have failed since ${formatFullTime(health.since)}. It will be disabled on ${formatFullTime(health.disablesAt)} unless a delivery succeeds.`}
        </p>
      )}
    </div>
  );
}
