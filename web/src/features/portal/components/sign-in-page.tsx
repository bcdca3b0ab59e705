import * as React from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { PortalSessionBody, PortalSignInBody, PortalSignInMessages } from '@billpoint/proto';
import { TextField } from '@/components/form-fields';
import { LinkButton } from '@/components/link-button';
import { ResultPanel } from '@/components/result-panel';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { portalKeys, requestSignInLink, startSession, useMe } from '../api/portal-api';
import { usePortal } from '../lib/portal-context';
import { portalHref } from '../lib/portal-paths';

type Values = { email: string };

/** `/portal/{slug}`: the customer asks for a sign-in link by e-mail (the answer never says whether the address is known). */
export function PortalSignInPage() {
  const { branding, slug } = usePortal();
  const me = useMe();
  const [sent, setSent] = React.useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(PortalSignInBody), defaultValues: { email: '' } });
  const mutation = useMutation({
    mutationFn: (values: Values) => requestSignInLink(branding.slug, values.email),
    onSuccess: (answer) => setSent(answer?.message ?? PortalSignInMessages.sent),
    onError: (error) => {
      const issue = error instanceof ApiError ? error.body?.issues?.find((i) => i.path === 'email') : undefined;
      form.setError('email', { message: issue?.message ?? 'The link could not be sent. Please try again.' });
    },
  });

  if (me.data && me.data.branding.slug === branding.slug) return <Navigate to={portalHref.screen(slug, 'invoices')} replace />;

  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">Sign in to {branding.organizationName}</h1>
        <CardDescription>See your invoices, download statements and receipts, and pay what you owe.</CardDescription>
      </CardHeader>
      <CardContent>
        {sent ? (
          <div role="status" className="flex gap-3 rounded-md border bg-muted/50 p-4 text-sm">
            <MailCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
            <p data-testid="sign-in-sent">{sent}</p>
          </div>
        ) : (
          <Form {...form}>
            <form onSubmit={(e) => void form.handleSubmit((v) => mutation.mutate(v))(e)} noValidate className="space-y-4">
              <TextField
                control={form.control}
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
              />
              <Button type="submit" className="w-full" disabled={mutation.isPending}>
                {mutation.isPending ? 'Sending...' : 'Email me a sign-in link'}
              </Button>
            </form>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

/** `/portal/{slug}/sign-in/{token}`: the e-mailed link exchanges its token for a session, then shows the invoices. */
export function PortalSignInLanding() {
  const { slug } = usePortal();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const valid = PortalSessionBody.safeParse({ token }).success;
  const mutation = useMutation({
    mutationFn: () => startSession(token),
    onSuccess: (me) => {
      queryClient.setQueryData(portalKeys.me, me);
      void navigate(portalHref.screen(slug, 'invoices'), { replace: true });
    },
  });
  const { mutate } = mutation;
  const started = React.useRef(false);
  React.useEffect(() => {
    // A link works once: exchange it once, even when React runs effects twice.
    if (!valid || started.current) return;
    started.current = true;
    mutate();
  }, [valid, mutate]);

  if (valid && (mutation.isIdle || mutation.isPending)) return <Spinner label="Signing you in" showLabel className="py-24" />;
  if (mutation.isSuccess) return <ResultPanel icon={CircleCheck} tone="success" title="You are signed in" />;
  const refused = !valid || (mutation.error instanceof ApiError && mutation.error.status === 400);
  return (
    <ResultPanel
      icon={CircleX}
      tone="destructive"
      title="This link cannot be used"
      actions={<LinkButton to={portalHref.signIn(slug)}>Get a new sign-in link</LinkButton>}
    >
      <p className="text-muted-foreground" role="alert">
        {refused
          ? (mutation.error instanceof ApiError && mutation.error.body?.message) || PortalSignInMessages.linkInvalid
          : 'Signing in did not work. Please try again in a moment.'}
      </p>
    </ResultPanel>
  );
}
