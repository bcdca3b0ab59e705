import * as React from 'react';
import { Outlet } from 'react-router-dom';
import { LockKeyhole } from 'lucide-react';
import { BrandMark } from '@/components/brand';
import { ThemeToggle } from '@/components/theme-toggle';
import { Spinner } from '@/components/ui/spinner';

/** What the top bar's badge and the footer say on each kind of public page. */
const NOTES = {
  payment: {
    badge: 'Secure payment',
    footer: 'Payments are processed securely. Billpoint never stores card numbers.',
    whiteLabelFooter: 'Payments are processed securely. Card numbers are never stored.',
  },
  quote: {
    badge: 'Private link',
    footer: 'This quote is shared through a private link: only people who have the link can see it.',
    whiteLabelFooter: 'This quote is shared through a private link: only people who have the link can see it.',
  },
} as const;

/**
 * Whose page it is: Billpoint's (the default), a white-labelled organization's (its name and logo, never "Billpoint"),
 * or not known yet (nothing, so that a white-labelled page never flashes "Billpoint" while it loads).
 */
export type StandaloneBrand = { kind: 'billpoint' } | { kind: 'organization'; name: string; logoUrl: string | null } | { kind: 'pending' };

/**
 * The brand of a document's public page (an invoice's pay page, a quote's page): the organization's name and logo when
 * it is white-labelled, else Billpoint's; `pending` until the document has loaded (Billpoint's once it failed to).
 */
export function documentBrand(
  doc: { seller: { name: string; logoUrl: string | null }; whiteLabel?: boolean } | undefined,
  failed: boolean,
): StandaloneBrand {
  if (doc)
    return doc.whiteLabel === true ? { kind: 'organization', name: doc.seller.name, logoUrl: doc.seller.logoUrl } : { kind: 'billpoint' };
  return failed ? { kind: 'billpoint' } : { kind: 'pending' };
}

/** The tab's title while a branded public page shows: the organization's name, or `pendingTitle` until it is known. */
export function useBrandTitle(brand: StandaloneBrand, pendingTitle: string) {
  const title = brand.kind === 'organization' ? brand.name : brand.kind === 'pending' ? pendingTitle : null;
  React.useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/**
 * Public screens for people who are not users (the payment pages, a quote's page): the landing page's top bar without
 * its navigation, a narrow centred column, and a line about the page (the payment is secure; the quote's link is
 * private). No shell, no session needed.
 */
export function StandaloneLayout({
  kind = 'payment',
  brand = { kind: 'billpoint' },
}: {
  kind?: keyof typeof NOTES;
  brand?: StandaloneBrand;
}) {
  const note = NOTES[kind];
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4 sm:px-6">
          <span className="flex min-w-0 items-center gap-2 font-semibold" data-testid="standalone-brand">
            {brand.kind === 'billpoint' && (
              <>
                <BrandMark className="size-7" />
                Billpoint
              </>
            )}
            {brand.kind === 'organization' && (
              <>
                {brand.logoUrl && (
                  <img
                    src={brand.logoUrl}
                    alt=""
                    className="size-7 rounded object-contain"
                    onError={(e) => (e.currentTarget.hidden = true)}
                  />
                )}
                <span className="truncate">{brand.name}</span>
              </>
            )}
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
      <footer className="py-6 text-center text-xs text-muted-foreground">
        {brand.kind === 'billpoint' ? note.footer : note.whiteLabelFooter}
      </footer>
    </div>
  );
}
