import * as React from 'react';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { AccountSession } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import {
  useChangePassword,
  useEndSessions,
  useOrganizationSecurity,
  useSaveOrganizationSecurity,
  useSessions,
} from '../api/account-security';
import { fail } from './security-errors';

/** Admins: every member must sign in with two-factor (members without it are sent to set it up). */
export function RequireTwoFactorCard() {
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

export function ChangePasswordCard() {
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

export function SessionsCard() {
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
