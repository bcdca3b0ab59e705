import { defineFuzzMatrix, waitFor } from '@billpoint/kit/testing';
import { PortalBranding } from '@billpoint/proto';

/**
 * Hostile input of the gateway's own routes with a contract (run by contract-fuzz.test.ts). A register that is
 * accepted makes a new account (its session cookie is not kept); logins mostly fail, and repeated failures for one
 * e-mail answer 429, which the fuzzer takes as the refusal it is.
 * GET /api/organization/members and GET /api/organization-settings take no body and no query (nothing to generate):
 * the coverage check refuses an entry for a route without a contract; the isolation matrix and
 * organization-members.test.ts cover them.
 */
/** Each worker's tenant: its only member (the owner) and its organization. */
type Ctx = { userId: string; tenantId: string; slug: string };

export default defineFuzzMatrix<Ctx>({
  service: 'gateway',
  file: 'gateway/test/fuzz.matrix.ts',
  // The tenant's plan arrives by event (payments → the gateway's plan_limits read model) just after sign-up: waited
  // for here, or its row would appear during a case and pass for a change that case made.
  setup: async (t, db) => {
    await waitFor(async () => (await db.query('select 1 from gateway.plan_limits where tenant_id = $1', [t.tenantId])).rows.length > 0);
    // The organization's portal address (made from its name at the first read of its settings).
    const slug = (await t.client.get('/api/organization-settings')).json.portalSlug as string;
    return { userId: t.userId, tenantId: t.tenantId, slug };
  },
  routes: {
    // Invitations: each accepted value is a pending invitation, listed as the contract made it (lower-cased e-mail).
    'POST /api/organization/invitations': {
      readBack: async ({ parsed, answer, client }) => {
        const got = (await client.get('/api/organization/invitations')).json.invitations.find((i: { id: string }) => i.id === answer.id);
        return { actual: { email: got?.email, role: got?.role }, expected: { email: parsed.email, role: parsed.role } };
      },
    },
    // The tenant's own (only) member: the owner, whose role cannot change (409) unless it stays admin.
    'PATCH /api/organization/members/:userId': { path: (c: Ctx) => `/api/organization/members/${c.userId}` },
    'POST /api/organization/transfer-ownership': { fix: (v: object, c: Ctx) => ({ ...v, userId: c.userId }) },
    // An unknown token: 404 for every well-formed body.
    'POST /api/invitations/:token/accept': { path: () => `/api/invitations/${'A'.repeat(43)}/accept` },
    // Its own organization (a new session for the same place) while the client is still its own: this runs last.
    'POST /api/auth/switch-organization': {
      changesSession: true,
      fix: (v: object, c: Ctx) => ({ ...v, organizationId: c.tenantId }),
    },
    // Each accepted case signs the worker's client in as another user: these run after the routes that need its own.
    'POST /api/auth/register': { changesSession: true },
    'POST /api/auth/login': { changesSession: true },
    // Account security: a refused case changes nothing (the runner checks); an accepted one is B's own account.
    'POST /api/auth/forgot-password': {},
    'POST /api/auth/reset-password': {},
    'POST /api/auth/change-password': {},
    'POST /api/auth/two-factor/enable': {},
    'POST /api/auth/two-factor/disable': {},
    'PUT /api/organization/security': {
      readBack: async ({ parsed, client }) => ({ actual: (await client.get('/api/organization/security')).json, expected: parsed }),
    },
    // The customer portal: the tenant's own portal (202 for any address; 429 once the limits are reached),
    // link exchanges (400 for any token no e-mail holds), the profile (401: a staff session is no portal session).
    'POST /api/portal/:slug/sign-in': { path: (c: Ctx) => `/api/portal/${c.slug}/sign-in` },
    'POST /api/portal/sessions': {},
    'PUT /api/portal/me': {},
    'GET /api/portal/branding': {
      answer: (json) =>
        PortalBranding.safeParse(json).success ? [] : [`not the portal's branding: ${JSON.stringify(json).slice(0, 200)}`],
    },
    'POST /api/organization-settings': {
      // A generated logo URL has the uploaded form but is nobody's logo (refused, logoUrl named): leave it out.
      fix: (v: any) => (v && typeof v === 'object' && typeof v.logoUrl === 'string' ? { ...v, logoUrl: null } : v),
      readBack: async ({ parsed, client }) => {
        const got = (await client.get('/api/organization-settings')).json;
        const keys = [
          'companyName',
          'companyEmail',
          'companyWebsite',
          'defaultCurrency',
          'defaultLanguage',
          'timezone',
          'customDomain',
          'invoicePrefix',
          'attachFacturX',
        ];
        const address = ['address', 'phone', 'email', 'taxId', 'street', 'postalCode', 'city', 'country'];
        return {
          actual: {
            ...Object.fromEntries(keys.map((k) => [k, got[k]])),
            billingAddress: got.billingAddress,
            bankDetails: got.bankDetails,
          },
          // A part of the address left out is stored as null (the contract leaves an absent e-mail undefined).
          expected: {
            ...Object.fromEntries(keys.map((k) => [k, parsed[k] ?? null])),
            billingAddress: Object.fromEntries(address.map((k) => [k, parsed.billingAddress[k] ?? null])),
            bankDetails: Object.fromEntries(['iban', 'bic', 'accountHolder'].map((k) => [k, parsed.bankDetails[k] ?? null])),
          },
        };
      },
    },
  },
});
