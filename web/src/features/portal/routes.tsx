import * as React from 'react';
import type { RouteObject } from 'react-router-dom';
import { portalRoutes as path } from './lib/portal-paths';

const named = <K extends string, T extends Record<K, React.ComponentType>>(load: () => Promise<T>, name: K) =>
  React.lazy(() => load().then((m) => ({ default: m[name] })));

const PortalGate = named(() => import('./components/portal-gate'), 'PortalGate');
const SignInPage = named(() => import('./components/sign-in-page'), 'PortalSignInPage');
const SignInLanding = named(() => import('./components/sign-in-page'), 'PortalSignInLanding');
const InvoicesPage = named(() => import('./components/invoices-page'), 'PortalInvoicesPage');
const StatementPage = named(() => import('./components/statement-page'), 'PortalStatementPage');
const ReceiptsPage = named(() => import('./components/receipts-page'), 'PortalReceiptsPage');
const ProfilePage = named(() => import('./components/profile-page'), 'PortalProfilePage');

/**
 * The portal's screens under its layout (PortalLayout). The slug is optional: on the organization's own domain the
 * same screens answer at `/portal/…` (the host names the organization); `/portal/invoices` and the like are static
 * segments, which React Router prefers to a slug (and slugs can never be those words: RESERVED_PORTAL_SLUGS).
 */
export const portalRoutes: RouteObject[] = [
  { path: path.signIn, element: <SignInPage /> },
  { path: path.landing, element: <SignInLanding /> },
  {
    element: <PortalGate />,
    children: [
      { path: path.invoices, element: <InvoicesPage /> },
      { path: path.statement, element: <StatementPage /> },
      { path: path.receipts, element: <ReceiptsPage /> },
      { path: path.profile, element: <ProfilePage /> },
    ],
  },
];
