import * as React from 'react';
import { Copy, KeyRound, ShieldCheck } from 'lucide-react';
import type { TwoFactorSetup } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup, useTwoFactorStatus } from '../api/account-security';
import { problem, fail } from './security-errors';

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
