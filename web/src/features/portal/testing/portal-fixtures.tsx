import type { PortalBranding, PortalInvoice, PortalMe } from '@billpoint/proto';
import { renderRoutes, type Route } from '@/testing/render';
import { PortalLayout } from '../components/portal-layout';
import { portalRoutes } from '../routes';

// The screens load lazily in the app: loaded here first, a test waits for what it checks, not for a module's import.
await Promise.all([
  import('../components/portal-gate'),
  import('../components/sign-in-page'),
  import('../components/invoices-page'),
  import('../components/statement-page'),
  import('../components/receipts-page'),
  import('../components/profile-page'),
]);

export const branding = (overrides: Partial<PortalBranding> = {}): PortalBranding => ({
  slug: 'acme',
  organizationName: 'Acme Supplies',
  logoUrl: null,
  primaryColor: '#0f766e',
  secondaryColor: '#64748b',
  whiteLabel: false,
  ...overrides,
});

export const me = (overrides: Partial<PortalBranding> = {}): PortalMe => ({
  customer: {
    id: 7,
    name: 'Peter Gibbons',
    email: 'peter@initech.test',
    phone: null,
    company: 'Initech',
    address: null,
    street: '1 Main St',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
    taxId: null,
  },
  branding: branding(overrides),
});

let nextId = 100;
export function makeInvoice(overrides: Partial<PortalInvoice> = {}): PortalInvoice {
  const id = overrides.id ?? nextId++;
  return {
    id,
    invoiceNumber: `INV-${String(id).padStart(4, '0')}`,
    status: 'sent',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    currency: 'USD',
    total: '100.00',
    amountPaid: '0.00',
    balanceDue: '100.00',
    publicToken: `tok${id}`.padEnd(43, 'x'),
    ...overrides,
  };
}

export const brandingRoute = (body: unknown = branding(), status = 200): Route => ({ path: '/api/portal/branding', status, body });
export const meRoute = (body: PortalMe | null = me()): Route =>
  body ? { path: '/api/portal/me', body } : { path: '/api/portal/me', status: 401, body: { statusCode: 401, message: 'Unauthorized' } };

/** The portal's routes in its layout, as the app's router has them. */
export function renderPortal(path: string) {
  return renderRoutes([{ path: '/', children: [{ element: <PortalLayout />, children: portalRoutes }] }], { path });
}
