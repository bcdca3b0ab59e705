import * as React from 'react';
import { NavLink, Outlet, useNavigate, useParams } from 'react-router-dom';
import { QueryClientProvider, useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import type { PortalBranding } from '@billpoint/proto';
import { NotFoundPanel } from '@/components/result-panel';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ListLoadFailed } from '@/components/list-parts';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { portalKeys, signOut, useBranding, useMe } from '../api/portal-api';
import type { PortalContext } from '../lib/portal-context';
import { portalHref, type PortalScreen } from '../lib/portal-paths';
import { createPortalQueryClient } from '../lib/portal-query-client';

const NAV: { screen: PortalScreen; label: string }[] = [
  { screen: 'invoices', label: 'Invoices' },
  { screen: 'statement', label: 'Statement' },
  { screen: 'receipts', label: 'Receipts' },
  { screen: 'profile', label: 'Profile' },
];

/** The customer portal, `/portal/{slug}/…` or `/portal/…` on the organization's own domain, with its own query cache. */
export function PortalLayout() {
  const [client] = React.useState(createPortalQueryClient);
  return (
    <QueryClientProvider client={client}>
      <PortalShell />
    </QueryClientProvider>
  );
}

function PortalShell() {
  const { slug } = useParams();
  const branding = useBranding(slug);
  const name = branding.data?.organizationName;
  React.useEffect(() => {
    document.title = name ? `${name} · Customer portal` : 'Customer portal';
  }, [name]);

  if (branding.isPending) return <Spinner label="Loading portal" showLabel className="py-24" />;
  if (branding.isError) {
    const missing = branding.error instanceof ApiError && branding.error.status === 404;
    return (
      <main className="mx-auto max-w-lg px-4 py-16">
        {missing ? (
          <NotFoundPanel title="Portal not found" message="There is no customer portal at this address. Check the link you were given." />
        ) : (
          <ListLoadFailed what="the portal" onRetry={() => void branding.refetch()} />
        )}
      </main>
    );
  }
  const context: PortalContext = { branding: branding.data, slug };
  return (
    <div
      className="flex min-h-screen flex-col bg-muted/40"
      style={{ '--portal-accent': branding.data.primaryColor } as React.CSSProperties}
      data-testid="portal-shell"
    >
      <PortalHeader branding={branding.data} slug={slug} />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6">
        <React.Suspense fallback={<Spinner label="Loading" className="py-24" />}>
          <Outlet context={context} />
        </React.Suspense>
      </main>
      {!branding.data.whiteLabel && (
        <footer className="py-6 text-center text-xs text-muted-foreground" data-testid="powered-by">
          Powered by Billpoint
        </footer>
      )}
    </div>
  );
}

/** The organization's logo and name in its colour, and the navigation once a customer is signed in. */
function PortalHeader({ branding, slug }: { branding: PortalBranding; slug: string | undefined }) {
  const me = useMe();
  const signedIn = !!me.data;
  return (
    <header className="border-t-4 border-b bg-background" style={{ borderTopColor: 'var(--portal-accent)' }}>
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <span className="flex min-w-0 flex-1 items-center gap-2 font-semibold" data-testid="portal-organization">
          {branding.logoUrl && (
            <img src={branding.logoUrl} alt="" className="size-8 rounded object-contain" onError={(e) => (e.currentTarget.hidden = true)} />
          )}
          <span className="min-w-0 break-words">{branding.organizationName}</span>
        </span>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {signedIn && <SignOutButton slug={slug} />}
          <ThemeToggle />
        </div>
        {signedIn && (
          <nav aria-label="Portal" className="-mb-3 flex w-full gap-1 overflow-x-auto">
            {NAV.map((item) => (
              <NavLink
                key={item.screen}
                to={portalHref.screen(slug, item.screen)}
                className={({ isActive }) =>
                  cn(
                    'border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isActive
                      ? 'border-[var(--portal-accent)] text-foreground'
                      : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        )}
      </div>
    </header>
  );
}

function SignOutButton({ slug }: { slug: string | undefined }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: portalKeys.all, predicate: (q) => q.queryKey[1] !== 'branding' });
      queryClient.setQueryData(portalKeys.me, null);
      void navigate(portalHref.signIn(slug));
    },
  });
  return (
    <Button variant="ghost" size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
      <LogOut aria-hidden="true" />
      Sign out
    </Button>
  );
}
