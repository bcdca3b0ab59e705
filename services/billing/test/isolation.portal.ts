import type { IsolationEntry } from '@billpoint/kit/testing';

/**
 * The portal's invoice, PDF and statement routes called with tenant B's staff session: they admit portal
 * sessions only — a staff session is not signed in to the portal (401 at the gateway; the service itself refuses its
 * token, 403). What a portal
 * caller of B gets of A's is tested in portal.test.ts (another customer's invoice is a 404).
 */
export const portalIsolationRoutes = <F extends { invoice: { id: number } }>(): Record<string, IsolationEntry<F>> => ({
  'GET /api/portal/invoices': { answers: 'status', status: [401, 403], call: () => ({ path: '/api/portal/invoices' }) },
  'GET /api/portal/invoices/:id/pdf': {
    answers: 'status',
    status: [401, 403],
    call: (a) => ({ path: `/api/portal/invoices/${a.invoice.id}/pdf` }),
  },
  'GET /api/portal/statement.pdf': {
    answers: 'status',
    status: [401, 403],
    call: () => ({ path: '/api/portal/statement.pdf?from=2026-01-01&to=2026-12-31' }),
  },
});
