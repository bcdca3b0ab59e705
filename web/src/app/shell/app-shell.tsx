import * as React from 'react';
import type { User } from '@billpoint/proto';
import { UnavailableBanner } from '@/components/unavailable-banner';
import { Sidebar } from './sidebar';

const COLLAPSED_KEY = 'sidebar-collapsed';

function initialCollapsed(): boolean {
  const stored = sessionStorage.getItem(COLLAPSED_KEY);
  if (stored !== null) return stored === 'true';
  return window.matchMedia('(max-width: 767px)').matches;
}

/** The signed-in layout: sidebar (collapsible to icons) and the screen. */
export function AppShell({ user, children }: { user: User; children: React.ReactNode }) {
  const [collapsed, setCollapsed] = React.useState(initialCollapsed);
  const toggle = () =>
    setCollapsed((value) => {
      sessionStorage.setItem(COLLAPSED_KEY, String(!value));
      return !value;
    });
  return (
    <div className="flex min-h-screen bg-muted/40">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <Sidebar user={user} collapsed={collapsed} onToggle={toggle} />
      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
        <UnavailableBanner />
        {children}
      </main>
    </div>
  );
}
