/**
 * The portal's screens answer at `/portal/{slug}/…` and, on an organization's own domain, at `/portal/…` (no slug:
 * the host names the organization). Every link inside the portal keeps the form it was opened with.
 */
export type PortalScreen = 'invoices' | 'statement' | 'receipts' | 'profile';

export const portalRoutes = {
  signIn: 'portal/:slug?',
  landing: 'portal/:slug?/sign-in/:token',
  invoices: 'portal/:slug?/invoices',
  statement: 'portal/:slug?/statement',
  receipts: 'portal/:slug?/receipts',
  profile: 'portal/:slug?/profile',
} as const;

const base = (slug: string | undefined) => (slug ? `/portal/${encodeURIComponent(slug)}` : '/portal');

export const portalHref = {
  signIn: (slug: string | undefined) => base(slug),
  landing: (slug: string | undefined, token: string) => `${base(slug)}/sign-in/${encodeURIComponent(token)}`,
  screen: (slug: string | undefined, screen: PortalScreen) => `${base(slug)}/${screen}`,
};
