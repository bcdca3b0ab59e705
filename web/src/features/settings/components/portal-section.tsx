import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Copy, RefreshCw } from 'lucide-react';
import { PortalSettingsMessages, PortalSlug, SettingsMessages, type OrganizationSettings } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { ApiError, refusalMessage } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useOrganizationSettings, useSaveOrganizationSettings } from '../api/organization-settings';
import { usePlan, useVerifyCustomDomain } from '../api/customer-portal';
import { portalUrl, settingsBody } from '../lib/organization-body';
import { SaveFooter, SettingsCard } from './settings-card';

type Values = { portalSlug: string; isWhiteLabel: boolean };

/** A value to copy, with its own Copy button (the value itself stays selectable when the clipboard is unavailable). */
function CopyValue({ id, label, value }: { id: string; label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: `${label} copied` });
    } catch {
      toast({ variant: 'destructive', title: `Could not copy the ${label.toLowerCase()}`, description: value });
    }
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 gap-2">
        <Input id={id} readOnly value={value} className="min-w-0 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" size="icon" aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy()}>
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/** The custom domain's proof: the TXT record to publish, whether it is verified, and "Check now". */
function CustomDomainBox({ settings, readOnly }: { settings: OrganizationSettings; readOnly: boolean }) {
  const d = settings.customDomainStatus;
  const verify = useVerifyCustomDomain({
    onSuccess: (s) =>
      toast({
        title: s.customDomainStatus.verified ? 'Custom domain verified' : 'The TXT record was not found yet',
        description: s.customDomainStatus.verified ? undefined : 'DNS changes can take a while to show. We check again every few minutes.',
      }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: refusalMessage(error) ?? 'The check could not be made' });
    },
  });
  if (!d.domain)
    return (
      <p className="text-sm text-muted-foreground">
        Add a custom domain under Organization to serve the portal and pay pages on your own domain.
      </p>
    );
  return (
    <section aria-labelledby="custom-domain-title" className="space-y-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="custom-domain-title" className="text-sm font-medium break-all">
          Custom domain: {d.domain}
        </h3>
        <Badge variant={d.verified ? 'success' : 'outline'}>{d.verified ? 'Verified' : 'Not verified'}</Badge>
      </div>
      {!d.verified && <p className="text-sm text-muted-foreground">Publish this TXT record at your DNS provider, then check it.</p>}
      {d.txtName && d.txtValue && (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <CopyValue id="txt-name" label="TXT name" value={d.txtName} />
          <CopyValue id="txt-value" label="TXT value" value={d.txtValue} />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" disabled={readOnly || verify.isPending} onClick={() => verify.mutate()}>
          <RefreshCw aria-hidden="true" />
          {verify.isPending ? 'Checking...' : 'Check now'}
        </Button>
        {d.lastCheckedAt && (
          <span className="text-sm text-muted-foreground">Last checked {new Date(d.lastCheckedAt).toLocaleString()}</span>
        )}
      </div>
    </section>
  );
}

function PortalForm({ settings, readOnly }: { settings: OrganizationSettings; readOnly: boolean }) {
  const form = useForm<Values>({ defaultValues: { portalSlug: settings.portalSlug, isWhiteLabel: settings.isWhiteLabel } });
  const [slug, setSlug] = useState(settings.portalSlug);
  const plan = usePlan();
  const enterprise = plan.data?.plan === 'enterprise';
  const { errors } = form.formState;
  const save = useSaveOrganizationSettings({
    onSuccess: (saved) => {
      form.reset({ portalSlug: saved.portalSlug, isWhiteLabel: saved.isWhiteLabel });
      setSlug(saved.portalSlug);
      toast({ title: 'Customer portal settings saved' });
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      const body = error instanceof ApiError ? (error.body as { issues?: { path: string; message: string }[] } | undefined) : undefined;
      const taken = error instanceof ApiError && error.status === 409;
      if (taken) form.setError('portalSlug', { message: PortalSettingsMessages.slugTaken });
      for (const issue of body?.issues ?? []) if (issue.path === 'portalSlug') form.setError('portalSlug', { message: issue.message });
      toast({
        variant: 'destructive',
        title: refusalMessage(error) ?? (taken ? PortalSettingsMessages.slugTaken : SettingsMessages.saveFailed),
      });
    },
  });
  const submit = form.handleSubmit((v) => {
    const checked = PortalSlug.safeParse(v.portalSlug);
    if (!checked.success) return form.setError('portalSlug', { message: checked.error.issues[0]?.message });
    save.mutate({ ...settingsBody(settings), portalSlug: checked.data, isWhiteLabel: v.isWhiteLabel });
  });
  const whiteLabelLocked = readOnly || (!enterprise && !settings.isWhiteLabel);
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={readOnly}>
        <CardContent className="space-y-6">
          <div className="grid gap-1.5">
            <Label htmlFor="portal-slug">Portal address</Label>
            <Input
              id="portal-slug"
              aria-invalid={!!errors.portalSlug}
              aria-describedby={errors.portalSlug ? 'portal-slug-error' : 'portal-slug-help'}
              {...form.register('portalSlug', {
                onChange: (e: { target: { value: string } }) => setSlug(e.target.value.trim().toLowerCase()),
              })}
            />
            {errors.portalSlug ? (
              <p id="portal-slug-error" className="text-sm text-destructive">
                {errors.portalSlug.message}
              </p>
            ) : (
              <p id="portal-slug-help" className="text-sm text-muted-foreground">
                Lowercase letters, digits and hyphens. Your customers sign in with their e-mail address there.
              </p>
            )}
          </div>
          <CopyValue id="portal-url" label="Portal link" value={portalUrl(settings, slug || settings.portalSlug)} />
          <CustomDomainBox settings={settings} readOnly={readOnly} />
          <div className="space-y-1.5">
            <div className="flex items-center gap-3">
              <Controller
                control={form.control}
                name="isWhiteLabel"
                render={({ field: f }) => (
                  <Switch
                    id="portal-white-label"
                    checked={f.value}
                    onCheckedChange={f.onChange}
                    onBlur={f.onBlur}
                    disabled={whiteLabelLocked}
                    aria-describedby="portal-white-label-note"
                  />
                )}
              />
              <Label htmlFor="portal-white-label">White-label</Label>
            </div>
            <p id="portal-white-label-note" className="text-sm text-muted-foreground">
              {enterprise || !plan.data
                ? 'Your name and logo instead of ours on the portal, pay pages, PDFs and e-mails, sent from your own name.'
                : `${PortalSettingsMessages.whiteLabelPlan(plan.data.displayName)}.`}
              {settings.isWhiteLabel && !settings.whiteLabelActive && ' It is saved but takes effect on the Enterprise plan only.'}
            </p>
          </div>
        </CardContent>
        <SaveFooter readOnly={readOnly} pending={save.isPending} />
      </fieldset>
    </form>
  );
}

/** Customer portal: its address, the custom domain's verification, white-label. */
export function PortalSection() {
  return (
    <SettingsCard
      title="Customer portal"
      description="Where your customers see their invoices, download statements and pay."
      query={useOrganizationSettings()}
      permission="organization.manage"
    >
      {(settings, readOnly) => <PortalForm key={settings.updatedAt ?? ''} settings={settings} readOnly={readOnly} />}
    </SettingsCard>
  );
}
