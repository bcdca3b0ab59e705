import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_WEBHOOK_RETRY_ATTEMPTS, WebhookEventTypes, type Webhook, type WebhookCreated } from '@billpoint/proto';
import { fieldIssues, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import {
  emptyWebhookForm,
  headerIssueTarget,
  webhookFormSchema,
  webhookToForm,
  type WebhookFormInput,
  type WebhookFormOutput,
} from '../lib/webhook-form';
import { CheckboxItem, ShownOnce } from './shown-once';
import { WebhookHeaders } from './webhook-headers';

const FIELDS = ['name', 'url', 'events', 'retryAttempts', 'timeoutSeconds', 'isActive'] as const;
export const SECRET_SHOWN_ONCE = 'Make sure to copy your signing secret now. You won’t be able to see it again!';

/**
 * Create Webhook / Edit Webhook: name, url (https:// put in front when it has no scheme), the webhook
 * event types (at least one), retry attempts (3, at most 10), timeout (30 s) and custom headers. A new endpoint's signing secret
 * is shown once.
 */
export function WebhookDialog({
  open,
  webhook,
  onOpenChange,
}: {
  open: boolean;
  webhook: Webhook | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = React.useState<WebhookCreated | null>(null);
  const form = useForm<WebhookFormInput, unknown, WebhookFormOutput>({
    resolver: zodResolver(webhookFormSchema),
    defaultValues: emptyWebhookForm(),
  });
  React.useEffect(() => {
    if (open) {
      form.reset(webhook ? webhookToForm(webhook) : emptyWebhookForm());
      setCreated(null);
    }
  }, [open, webhook, form]);

  const onError = (error: Error) => {
    if (isHandledGlobally(error)) return;
    const body = error instanceof ApiError ? error.body : undefined;
    for (const issue of fieldIssues(body, FIELDS)) form.setError(issue.name, { message: issue.message });
    // A refused header: under its row (the server's path names the header), or under the list.
    for (const issue of body?.issues ?? []) {
      const target = headerIssueTarget(issue.path, issue.message, form.getValues('headers'));
      if (target) form.setError(target, { message: issue.message });
    }
    toast({ variant: 'destructive', title: 'Error', description: body?.message ?? 'Failed to save webhook. Please try again.' });
  };
  const create = useCreateWebhook({ onSuccess: setCreated, onError });
  const update = useUpdateWebhook({
    onSuccess: () => {
      toast({ title: 'Webhook updated' });
      onOpenChange(false);
    },
    onError,
  });
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit((values) => {
    // The form holds the endpoint's own contract: the values are sent as they were checked (https:// added).
    form.setValue('url', values.url);
    if (webhook) update.mutate({ id: webhook.id, body: values });
    else create.mutate(values);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Webhook Created</DialogTitle>
              <DialogDescription>
                {`Events go to ${created.webhook.url}, signed with this secret (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature).`}
              </DialogDescription>
            </DialogHeader>
            <ShownOnce label="Signing secret" value={created.secret} warning={SECRET_SHOWN_ONCE} />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{webhook ? 'Edit Webhook' : 'Create Webhook'}</DialogTitle>
              <DialogDescription>Billpoint sends a signed POST to this URL when one of the chosen events happens.</DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <TextField control={form.control} name="name" label="Name" placeholder="e.g. Accounting sync" autoComplete="off" />
                  <TextField
                    control={form.control}
                    name="url"
                    label="URL"
                    type="url"
                    placeholder="https://example.com/webhooks/billpoint"
                    autoComplete="off"
                  />
                </div>
                <FormField
                  control={form.control}
                  name="events"
                  render={({ field }) => (
                    <FormItem>
                      <fieldset className="grid gap-2">
                        <legend className="mb-1 text-sm font-medium">Events</legend>
                        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                          {WebhookEventTypes.map((type) => (
                            <CheckboxItem
                              key={type}
                              id={`event-${type}`}
                              label={type}
                              mono
                              checked={(field.value ?? []).includes(type)}
                              onChange={(on) =>
                                field.onChange(on ? [...(field.value ?? []), type] : (field.value ?? []).filter((t) => t !== type))
                              }
                            />
                          ))}
                        </div>
                      </fieldset>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField
                    control={form.control}
                    name="retryAttempts"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Retry attempts</FormLabel>
                        <FormControl>
                          <Input
                            {...field}
                            value={String(field.value ?? '')}
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={MAX_WEBHOOK_RETRY_ATTEMPTS}
                          />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                  <FormField
                    control={form.control}
                    name="timeoutSeconds"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Timeout (seconds)</FormLabel>
                        <FormControl>
                          <Input {...field} value={String(field.value ?? '')} type="number" inputMode="numeric" min={1} max={60} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </div>
                <WebhookHeaders control={form.control} />
                {webhook && (
                  <FormField
                    control={form.control}
                    name="isActive"
                    render={({ field }) => (
                      <div className="flex items-center gap-3">
                        <Switch id="webhook-active" checked={field.value ?? true} onCheckedChange={field.onChange} />
                        <Label htmlFor="webhook-active">Active</Label>
                      </div>
                    )}
                  />
                )}
                <DialogFooter>
                  <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={pending}>
                    {pending ? 'Saving...' : webhook ? 'Save Webhook' : 'Create Webhook'}
                  </Button>
                </DialogFooter>
              </form>
            </Form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
