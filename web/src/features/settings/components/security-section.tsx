import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, LogOut, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import type { AccountSession, TwoFactorSetup } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { setTwoFactorEnrollmentRequired } from '@/lib/two-factor-enrollment';
import { useKnownPermission } from '@/lib/auth';
import {
  useChangePassword,
  useEndSessions,
  useOrganizationSecurity,
  useSaveOrganizationSecurity,
  useSessions,
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/account-security';

/** The server's words for a refusal (a field's issue first), or a generic line. */
function problem(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.issues?.[0]?.message ?? error.body?.message ?? fallback;
  return fallback;
}

function fail(error: unknown, title: string) {
  if (!isHandledGlobally(error)) toast({ variant: 'destructive', title, description: problem(error, 'Please try again.') });
}

/** Settings → Security: two-factor sign-in, the password, the sessions, and for those with organization.manage the organization's rule. */
export function SecuritySection() {
  const canManage = useKnownPermission('organization.manage');
  return (
    <>
      <TwoFactorCard />
      {canManage && <RequireTwoFactorCard />}
      <ChangePasswordCard />
      <SessionsCard />
    </>
  );
}

// ── Two-factor ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Two-factor sign-in: set up (QR code, then a code), the recovery codes shown once, turn off. */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = React.useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const [disabling, setDisabling] = React.useState(false);
  const start = useTwoFactorSetup();
  const s = status.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
          <span>Two-factor authentication</span>
          {s && <Badge variant={s.enabled ? 'default' : 'secondary'}>{s.enabled ? 'On' : 'Off'}</Badge>}
        </CardTitle>
        <CardDescription>
          Sign-in asks for a code from an authenticator app (Google Authenticator, 1Password, Authy…) after your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
        {status.isError && <p className="text-sm text-destructive">Could not load your two-factor settings.</p>}
        {codes ? (
          <RecoveryCodesPanel
            codes={codes}
            onDone={() => {
              setCodes(null);
              onEnabled?.();
            }}
          />
        ) : setup ? (
          <EnrolPanel
            setup={setup}
            onCancel={() => setSetup(null)}
            onEnabled={(c) => {
              setSetup(null);
              setCodes(c);
            }}
          />
        ) : s?.enabled ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">
              {s.recoveryCodesLeft} of 10 recovery codes left.
              {s.requiredByOrganization && ' Your organization requires two-factor authentication.'}
            </p>
            {!s.requiredByOrganization && (
              <Button variant="outline" onClick={() => setDisabling(true)}>
                Turn off
              </Button>
            )}
          </div>
        ) : s ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">
              {s.requiredByOrganization
                ? 'Your organization requires two-factor authentication.'
                : 'Protect your account with a second step.'}
            </p>
            <Button
              disabled={start.isPending}
              onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: (e) => fail(e, 'Could not start the setup') })}
            >
              <KeyRound className="size-4" aria-hidden="true" /> Set up two-factor
            </Button>
          </div>
        ) : null}
      </CardContent>
      {s && <DisableDialog open={disabling} onOpenChange={setDisabling} hasPassword={s.hasPassword} />}
    </Card>
  );
}

function EnrolPanel({ setup, onCancel, onEnabled }: { setup: TwoFactorSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const enable = useTwoFactorEnable();
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  return (
    <form
      className="grid grid-cols-1 gap-4 sm:grid-cols-[auto_minmax(0,1fr)]"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        enable.mutate(code.trim(), {
          onSuccess: (r) => onEnabled(r.recoveryCodes),
          onError: (err) => setError(problem(err, 'Could not turn on two-factor authentication.')),
        });
      }}
    >
      <img src={setup.qrCode} alt="QR code to scan with your authenticator app" className="size-44 rounded-md border bg-white p-1" />
      <div className="grid min-w-0 content-start gap-3">
        <p className="text-sm">1. Scan the QR code with your authenticator app, or enter this key by hand:</p>
        <code className="block rounded bg-muted px-2 py-1 font-mono text-sm break-all" data-testid="two-factor-secret">
          {setup.secret}
        </code>
        <div className="grid gap-1.5">
          <Label htmlFor="two-factor-code">2. Enter the 6-digit code it shows</Label>
          <Input
            id="two-factor-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'two-factor-code-error' : undefined}
            className="max-w-40"
          />
          {error && (
            <p id="two-factor-code-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={enable.isPending || code.trim().length !== 6}>
            Turn on
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}

function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3" role="region" aria-label="Recovery codes">
      <p className="text-sm font-medium">Two-factor authentication is on. Save these recovery codes now: they are shown only once.</p>
      <p className="text-sm text-muted-foreground">
        Each code signs you in once if you lose your authenticator app. Keep them somewhere safe, like a password manager.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-md border bg-muted/50 p-3 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => toast({ title: 'Recovery codes copied' }),
              () => toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the codes and copy them by hand.' }),
            )
          }
        >
          <Copy className="size-4" aria-hidden="true" /> Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function DisableDialog({ open, onOpenChange, hasPassword }: { open: boolean; onOpenChange: (o: boolean) => void; hasPassword: boolean }) {
  const disable = useTwoFactorDisable();
  const [withPassword, setWithPassword] = React.useState(hasPassword);
  const [value, setValue] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const id = withPassword ? 'disable-password' : 'disable-code';
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        setValue('');
        setError(null);
      }}
    >
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            disable.mutate(withPassword ? { password: value } : { code: value.trim() }, {
              onSuccess: () => {
                onOpenChange(false);
                setValue('');
                toast({ title: 'Two-factor authentication is off' });
              },
              onError: (err) => setError(problem(err, 'Could not turn off two-factor authentication.')),
            });
          }}
        >
          <DialogHeader>
            <DialogTitle>Turn off two-factor authentication?</DialogTitle>
            <DialogDescription>Sign-in will ask for your password only. Confirm it is you.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={id}>{withPassword ? 'Your password' : 'A code from your authenticator app'}</Label>
            <Input
              id={id}
              type={withPassword ? 'password' : 'text'}
              inputMode={withPassword ? undefined : 'numeric'}
              autoComplete={withPassword ? 'current-password' : 'one-time-code'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
            {hasPassword && (
              <Button
                type="button"
                variant="link"
                className="h-auto justify-self-start p-0"
                onClick={() => {
                  setWithPassword(!withPassword);
                  setValue('');
                  setError(null);
                }}
              >
                {withPassword ? 'Use a code instead' : 'Use your password instead'}
              </Button>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending || !value}>
              Turn off
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Admins: every member must sign in with two-factor (members without it are sent to set it up). */
function RequireTwoFactorCard() {
  const rule = useOrganizationSecurity();
  const save = useSaveOrganizationSecurity();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization sign-in</CardTitle>
        <CardDescription>Members without two-factor authentication must set it up before they can continue.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-start gap-3">
        <Switch
          id="require-two-factor"
          checked={rule.data?.requireTwoFactor ?? false}
          disabled={!rule.data || save.isPending}
          onCheckedChange={(on) =>
            save.mutate(
              { requireTwoFactor: on },
              {
                onSuccess: () =>
                  toast({ title: on ? 'Two-factor authentication is now required' : 'Two-factor authentication is optional' }),
                onError: (e) => fail(e, 'Could not change the setting'),
              },
            )
          }
        />
        <Label htmlFor="require-two-factor">Require two-factor for all members</Label>
      </CardContent>
    </Card>
  );
}

// ── Password ────────────────────────────────────────────────────────────────────────────────────────────────────

function ChangePasswordCard() {
  const change = useChangePassword();
  const [v, setV] = React.useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const field = (name: keyof typeof v, label: string, autoComplete: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`pw-${name}`}>{label}</Label>
      <Input
        id={`pw-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={v[name]}
        onChange={(e) => setV({ ...v, [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `pw-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`pw-${name}-error`} className="text-sm text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Your other sessions are signed out when the password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid max-w-md gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (v.newPassword !== v.confirm) return setErrors({ confirm: 'The passwords do not match' });
            setErrors({});
            change.mutate(
              { currentPassword: v.currentPassword, newPassword: v.newPassword },
              {
                onSuccess: () => {
                  setV({ currentPassword: '', newPassword: '', confirm: '' });
                  toast({ title: 'Password changed', description: 'Your other sessions were signed out.' });
                },
                onError: (err) => {
                  const issues = err instanceof ApiError ? err.body?.issues : undefined;
                  if (issues?.length) setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
                  else fail(err, 'Could not change the password');
                },
              },
            );
          }}
        >
          {field('currentPassword', 'Current password', 'current-password')}
          {field('newPassword', 'New password', 'new-password')}
          {field('confirm', 'Confirm new password', 'new-password')}
          <Button type="submit" className="justify-self-start" disabled={change.isPending || !v.currentPassword || !v.newPassword}>
            Change password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

// ── Sessions ────────────────────────────────────────────────────────────────────────────────────────────────────

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Where your account is signed in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sessions.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
        {sessions.isError && <p className="text-sm text-destructive">Could not load your sessions.</p>}
        <ul className="divide-y rounded-md border" aria-label="Sessions">
          {list.map((s) => (
            <SessionRow
              key={s.id}
              s={s}
              onEnd={() =>
                end.mutate(s.id, {
                  onSuccess: () => toast({ title: 'Session signed out' }),
                  onError: (e) => fail(e, 'Could not sign the session out'),
                })
              }
              busy={end.isPending}
            />
          ))}
        </ul>
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={others === 0 || end.isPending}
          onClick={() =>
            end.mutate('others', {
              onSuccess: () => toast({ title: 'Other sessions signed out' }),
              onError: (e) => fail(e, 'Could not sign out the other sessions'),
            })
          }
        >
          <LogOut className="size-4" aria-hidden="true" /> Sign out other sessions
        </Button>
      </CardContent>
    </Card>
  );
}

function SessionRow({ s, onEnd, busy }: { s: AccountSession; onEnd: () => void; busy: boolean }) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {s.device}
          {s.current && <Badge variant="secondary">This device</Badge>}
        </p>
        <p className="text-xs break-words text-muted-foreground">
          {[s.ip, s.organization, `signed in ${when(s.createdAt)}`, `last seen ${when(s.lastSeenAt)}`].filter(Boolean).join(' · ')}
        </p>
      </div>
      {!s.current && (
        <Button
          variant="ghost"
          size="sm"
          onClick={onEnd}
          disabled={busy}
          aria-label={`Sign out ${s.device}, last seen ${when(s.lastSeenAt)}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

// ── Enrolment the organization requires ────────────────────────────────────────────────────────────────────────

/**
 * Shown by the private gate instead of the app while the organization requires two-factor sign-in and the person has
 * not set it up (every other call answers 403 meanwhile). Done: the app loads again.
 */
export function TwoFactorEnrollmentScreen({ logoutHref }: { logoutHref: string }) {
  const queryClient = useQueryClient();
  return (
    <main className="mx-auto grid min-h-screen max-w-2xl content-center gap-6 p-4">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">Set up two-factor authentication</h1>
        <p className="text-muted-foreground">Your organization requires two-factor authentication. Set it up to continue.</p>
      </div>
      <TwoFactorCard
        onEnabled={() => {
          setTwoFactorEnrollmentRequired(false);
          void queryClient.invalidateQueries();
        }}
      />
      <p className="text-sm">
        <a className="text-primary underline" href={logoutHref}>
          Sign out
        </a>
      </p>
    </main>
  );
}
