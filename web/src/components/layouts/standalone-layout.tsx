import * as React from 'react';
import { Outlet } from 'react-router-dom';
import { LockKeyhole } from 'lucide-react';
import { BrandMark } from '@/components/brand';
import { ThemeToggle } from '@/components/theme-toggle';
import { Spinner } from '@/components/ui/spinner';

/** What the top bar's badge and the footer say on each kind of public page. */
const NOTES = {
  payment: { badge: 'Secure payment', footer: 'Payments are processed securely. Billpoint never stores card numbers.' },
  quote: { badge: 'Private link', footer: 'This quote is shared through a private link: only people who have the link can see it.' },
} as const;

/**
 * Public screens for people who are not users (the payment pages, a quote's page): the landing page's top bar without
 * its navigation, a narrow centred column, and a line about the page (the payment is secure; the quote's link is
 * private). No shell, no session needed.
 */
export function StandaloneLayout({ kind = 'payment' }: { kind?: keyof typeof NOTES }) {
  const note = NOTES[kind];
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4 sm:px-6">
          <span className="flex items-center gap-2 font-semibold">
            <BrandMark className="size-7" />
            Billpoint
          </span>
          <span className="ml-3 hidden items-center gap-1.5 text-sm text-muted-foreground sm:flex">
            <LockKeyhole className="size-3.5" aria-hidden="true" />
            {note.badge}
          </span>
          <ThemeToggle className="ml-auto" />
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6">
        <React.Suspense fallback={<Spinner label="Loading" className="py-24" />}>
          <Outlet />
        </React.Suspense>
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">{note.footer}</footer>
    </div>
  );
}
