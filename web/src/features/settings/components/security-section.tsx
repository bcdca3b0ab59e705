import { useQueryClient } from '@tanstack/react-query';
import { setTwoFactorEnrollmentRequired } from '@/lib/two-factor-enrollment';
import { useKnownPermission } from '@/lib/auth';
import { ChangePasswordCard, RequireTwoFactorCard, SessionsCard } from './security-cards';
import { TwoFactorCard } from './two-factor-card';

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
