import * as React from 'react';
import type { User } from '@billpoint/proto';
import { UnavailableBanner } from '@/components/unavailable-banner';
import { useLiveUpdates } from '@/lib/use-live-updates';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';

const COLLAPSED_KEY = 'sidebar-collapsed';

/**
 * The signed-in layout. From 768 px: the sidebar (collapsible to icons) beside the screen. On a phone: a top bar
 * whose menu button opens the same sidebar as a drawer; the sidebar takes no width there. While it is mounted, the
 * live stream (GET /api/live) keeps every open screen's figures current.
 */
export function AppShell({ user, children }: { user: User; children: React.ReactNode }) {
  // Figures change while a screen is open (another tab, the pay page, the API, a provider's webhook): one stream.
  useLiveUpdates(user.organization.id);
  const [collapsed, setCollapsed] = React.useState(() => sessionStorage.getItem(COLLAPSED_KEY) === 'true');
  const toggle = () =>
    setCollapsed((value) => {
      sessionStorage.setItem(COLLAPSED_KEY, String(!value));
      return !value;
    });
  return (
    <div className="flex min-h-screen flex-col bg-muted/40 md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <MobileNav user={user} />
      <Sidebar user={user} collapsed={collapsed} onToggle={toggle} className="hidden md:flex" />
      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
        <UnavailableBanner />
        {children}
      </main>
    </div>
  );
}
