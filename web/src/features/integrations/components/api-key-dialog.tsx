import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiKeyScopes, IntegrationMessages, type ApiKeyCreated } from '@billpoint/proto';
import { fieldIssues, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useCreateApiKey } from '../api/api-keys';
import {
  apiKeyFormSchema,
  emptyApiKeyForm,
  scopeLabel,
  toggleScope,
  type ApiKeyFormInput,
  type ApiKeyFormOutput,
} from '../lib/api-key-form';
import { CheckboxItem, ShownOnce } from './shown-once';

const FIELDS = ['name', 'permissions', 'rateLimit', 'expiresAt'] as const;

/**
 * Create API Key: name, permissions ('*' = full access), rate limit (1000), optional expiry. On success
 * the dialog shows the key once with the warning; on failure 'Failed to create API key'.
 */
export function ApiKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = React.useState<ApiKeyCreated | null>(null);
  const form = useForm<ApiKeyFormInput, unknown, ApiKeyFormOutput>({
    resolver: zodResolver(apiKeyFormSchema),
    defaultValues: emptyApiKeyForm(),
  });
  React.useEffect(() => {
    if (open) {
      form.reset(emptyApiKeyForm());
      setCreated(null);
    }
  }, [open, form]);

  const create = useCreateApiKey({
    onSuccess: setCreated,
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of fieldIssues(error instanceof ApiError ? error.body : undefined, FIELDS))
        form.setError(issue.name, { message: issue.message });
      toast({
        variant: 'destructive',
        title: IntegrationMessages.keyCreateFailed,
        description: error instanceof ApiError ? error.body?.message : undefined,
      });
    },
  });
  const submit = form.handleSubmit((values) => create.mutate({ ...values, isActive: true }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>API Key Created</DialogTitle>
              <DialogDescription>
                {`“${created.apiKey.name}” can call the API now. Send it as Authorization: Bearer <key>.`}
              </DialogDescription>
            </DialogHeader>
            <ShownOnce label="Your API key" value={created.actualKey} warning={IntegrationMessages.keyShownOnce} />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Create API Key</DialogTitle>
              <DialogDescription>The key is shown once, right after it is created.</DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
                <TextField control={form.control} name="name" label="Name" placeholder="e.g. Accounting sync" autoComplete="off" />
                <FormField
                  control={form.control}
                  name="permissions"
                  render={({ field }) => (
                    <FormItem>
                      <fieldset className="grid gap-2">
                        <legend className="mb-1 text-sm font-medium">Permissions</legend>
                        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                          {ApiKeyScopes.map((scope) => (
                            <CheckboxItem
                              key={scope}
                              id={`scope-${scope}`}
                              label={scopeLabel(scope)}
                              mono={scope !== '*'}
                              checked={field.value.includes(scope) || (scope !== '*' && field.value.includes('*'))}
                              disabled={scope !== '*' && field.value.includes('*')}
                              onChange={(on) => field.onChange(toggleScope(field.value, scope, on))}
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
                    name="rateLimit"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Rate limit (requests per hour)</FormLabel>
                        <FormControl>
                          <Input {...field} type="number" inputMode="numeric" min={1} step={1} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                  <FormField
                    control={form.control}
                    name="expiresAt"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Expires at (optional)</FormLabel>
                        <FormControl>
                          <Input {...field} type="datetime-local" />
                        </FormControl>
                        <FormDescription className="text-xs">Empty: the key never expires.</FormDescription>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </div>
                <DialogFooter>
                  <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={create.isPending}>
                    {create.isPending ? 'Creating...' : 'Create API Key'}
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
