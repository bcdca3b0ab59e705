import * as React from 'react';
import { Outlet, useMatch } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useTwoFactorEnrollmentRequired } from '@/lib/two-factor-enrollment';
import { AppShell } from '@/app/shell/app-shell';
import { FormatDefaultsGate } from './format-defaults-gate';
import { PageFallback } from './page-fallback';

const TwoFactorEnrollmentScreen = React.lazy(() =>
  import('@/features/settings/components/security-section').then((m) => ({ default: m.TwoFactorEnrollmentScreen })),
);
const LandingPage = React.lazy(() => import('@/features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })));

/**
 * The signed-in part of the app. `/` shows the landing page while authentication loads or when signed out.
 * Every other private route shows nothing until the user is known; signed out, the
 * Unauthorized notice and the sign-in redirect follow. Invoice view and edit use the same
 * rule (the notice and /api/login), not the redirect to `/` of the other reading.
 */
export function PrivateGate() {
  const { user, isLoading } = useUser();
  const isHome = useMatch(paths.home.path) !== null;
  const signedOut = !isLoading && !user;
  const mustEnrol = useTwoFactorEnrollmentRequired();

  React.useEffect(() => {
    if (signedOut && !isHome) handleUnauthorized();
  }, [signedOut, isHome]);

  if (isHome && !user) {
    return (
      <React.Suspense fallback={null}>
        <LandingPage />
      </React.Suspense>
    );
  }
  if (!user) return null;
  // The organization requires two-factor sign-in and this person has none yet: only enrolment is open.
  if (mustEnrol)
    return (
      <React.Suspense fallback={<PageFallback />}>
        <TwoFactorEnrollmentScreen logoutHref={paths.logout.getHref()} />
      </React.Suspense>
    );
  return (
    <FormatDefaultsGate>
      <AppShell user={user}>
        <React.Suspense fallback={<PageFallback />}>
          <Outlet />
        </React.Suspense>
      </AppShell>
    </FormatDefaultsGate>
  );
}

/** Public screens that also appear in the sidebar (/subscription-plans): in the shell when signed in. */
export function PublicGate() {
  const { user, isLoading } = useUser();
  if (isLoading) return null;
  const page = (
    <React.Suspense fallback={<PageFallback />}>
      <Outlet />
    </React.Suspense>
  );
  if (user)
    return (
      <FormatDefaultsGate>
        <AppShell user={user}>{page}</AppShell>
      </FormatDefaultsGate>
    );
  return <main className="min-h-screen bg-muted/40">{page}</main>;
}
