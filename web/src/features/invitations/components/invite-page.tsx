import * as React from 'react';
import { useParams } from 'react-router-dom';
import { AcceptInvitationBody, RoleDescriptions, type User } from '@billpoint/proto';
import { BrandMark } from '@/components/brand';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { logout, useUser } from '@/lib/auth';
import { redirectTo } from '@/lib/navigation';
import { useAcceptInvitation, useInvitation } from '../api/invitation';

const ROLE = { admin: 'Admin', manager: 'Manager', user: 'User' } as const;
const messageOf = (error: Error) => (error instanceof ApiError ? (error.body?.message ?? error.statusText) : error.message);

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4 sm:px-6">
          <span className="flex items-center gap-2 font-semibold">
            <BrandMark className="size-7" />
            Billpoint
          </span>
          <ThemeToggle className="ml-auto" />
        </div>
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-8">{children}</main>
    </div>
  );
}

type Field = 'firstName' | 'lastName' | 'password';

/** A new person: first name, last name and a password become their account. */
function NewAccountForm({ token, onJoined }: { token: string; onJoined: (u: User) => void }) {
  const [values, setValues] = React.useState<Record<Field, string>>({ firstName: '', lastName: '', password: '' });
  const [issues, setIssues] = React.useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = React.useState<string | null>(null);
  const accept = useAcceptInvitation(token, {
    onSuccess: onJoined,
    onError: (e) => {
      const fieldIssues = e instanceof ApiError ? e.body?.issues : undefined;
      if (fieldIssues?.length) setIssues(Object.fromEntries(fieldIssues.map((i) => [i.path, i.message])));
      setProblem(messageOf(e));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const parsed = AcceptInvitationBody.required().safeParse(values);
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setIssues({});
    accept.mutate(parsed.data);
  };
  const field = (name: Field, label: string, type = 'text', autoComplete?: string) => (
    <div className="space-y-2">
      <Label htmlFor={`invite-${name}`}>{label}</Label>
      <Input
        id={`invite-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={issues[name] ? true : undefined}
        aria-describedby={issues[name] ? `invite-${name}-issue` : undefined}
      />
      {issues[name] && (
        <p id={`invite-${name}-issue`} className="text-sm text-destructive">
          {issues[name]}
        </p>
      )}
    </div>
  );
  return (
    <form onSubmit={submit} noValidate>
      <CardContent className="space-y-4">
        {field('firstName', 'First name', 'text', 'given-name')}
        {field('lastName', 'Last name', 'text', 'family-name')}
        {field('password', 'Password', 'password', 'new-password')}
        <p className="text-xs text-muted-foreground">At least 8 characters.</p>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </CardContent>
      <CardFooter>
        <Button type="submit" className="w-full" disabled={accept.isPending}>
          {accept.isPending ? 'Joining...' : 'Create account and join'}
        </Button>
      </CardFooter>
    </form>
  );
}

/** Signed in with the invited e-mail: one click joins. */
function SignedInAccept({ token, email, onJoined }: { token: string; email: string; onJoined: (u: User) => void }) {
  const [problem, setProblem] = React.useState<string | null>(null);
  const accept = useAcceptInvitation(token, { onSuccess: onJoined, onError: (e) => setProblem(messageOf(e)) });
  return (
    <>
      <CardContent className="space-y-3">
        <p className="text-sm">
          Signed in as <span className="font-medium">{email}</span>.
        </p>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </CardContent>
      <CardFooter>
        <Button className="w-full" disabled={accept.isPending} onClick={() => accept.mutate({})}>
          {accept.isPending ? 'Joining...' : 'Accept invitation'}
        </Button>
      </CardFooter>
    </>
  );
}

/**
 * Signed out: both ways in, as the preview does not say whether the invited e-mail has an account — a new person
 * creates theirs here, someone with an account signs in and comes back. The acceptance decides (an existing account
 * is told to sign in).
 */
function SignedOut({ token, email, onJoined }: { token: string; email: string; onJoined: (u: User) => void }) {
  const signIn = `${paths.login.getHref()}?return=${encodeURIComponent(paths.invite.getHref(token))}`;
  return (
    <>
      <CardContent className="pb-0">
        <h2 className="text-base font-semibold">New to Billpoint?</h2>
        <p className="text-sm text-muted-foreground">Create your account with {email} to join.</p>
      </CardContent>
      <NewAccountForm token={token} onJoined={onJoined} />
      <CardFooter className="flex-col items-stretch gap-3 border-t pt-6">
        <p className="text-sm">Already have a Billpoint account with {email}? Sign in to accept.</p>
        <Button asChild variant="outline" className="w-full">
          <a href={signIn}>Sign in to accept</a>
        </Button>
      </CardFooter>
    </>
  );
}

/**
 * The invitation acceptance page (`/invite/:token`, public): the organization and the role, then Accept for someone
 * signed in with the invited e-mail, or — signed out — a form for a new person beside the way to sign in. Once joined, the app opens in that organization.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const { user, isLoading } = useUser();
  // A full load: the app starts afresh in the organization joined (nothing cached from another one).
  const joined = () => redirectTo(paths.home.getHref());

  if (invitation.isPending || isLoading)
    return (
      <Frame>
        <Spinner label="Loading invitation" className="py-24" />
      </Frame>
    );
  if (invitation.isError)
    return (
      <Frame>
        <Card>
          <CardHeader>
            <h1 className="text-xl leading-none font-semibold tracking-tight">Invitation not valid</h1>
            <CardDescription>
              This invitation link is not valid: it may have expired, been used already or been revoked. Ask for a new one.
            </CardDescription>
          </CardHeader>
        </Card>
      </Frame>
    );
  const i = invitation.data;
  const otherAccount = user && user.email.toLowerCase() !== i.email;
  return (
    <Frame>
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-none font-semibold tracking-tight">Join {i.organizationName}</h1>
          <CardDescription>
            You are invited to {i.organizationName} on Billpoint as {i.role === 'admin' ? 'an' : 'a'}{' '}
            <span className="font-medium text-foreground">{ROLE[i.role]}</span> ({i.email}).
          </CardDescription>
          <p className="text-sm text-muted-foreground">{RoleDescriptions[i.role]}</p>
        </CardHeader>
        {otherAccount ? (
          <>
            <CardContent>
              <p role="alert" className="text-sm">
                You are signed in as <span className="font-medium">{user.email}</span>, but this invitation is for{' '}
                <span className="font-medium">{i.email}</span>. Log out, then open this link again.
              </p>
            </CardContent>
            <CardFooter>
              <Button variant="outline" className="w-full" onClick={() => void logout()}>
                Log out
              </Button>
            </CardFooter>
          </>
        ) : user ? (
          <SignedInAccept token={token} email={user.email} onJoined={joined} />
        ) : (
          <SignedOut token={token} email={i.email} onJoined={joined} />
        )}
      </Card>
    </Frame>
  );
}
