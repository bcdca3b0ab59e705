import { defineFuzzMatrix, waitFor } from '@billpoint/kit/testing';

/**
 * Hostile input of the gateway's own routes with a contract (run by contract-fuzz.test.ts). A register that is
 * accepted makes a new account (its session cookie is not kept); logins mostly fail, and repeated failures for one
 * e-mail answer 429, which the fuzzer takes as the refusal it is.
 * GET /api/organization/members and GET /api/organization-settings take no body and no query (nothing to generate):
 * the coverage check refuses an entry for a route without a contract; the isolation matrix and
 * organization-members.test.ts cover them.
 */
export default defineFuzzMatrix({
  service: 'gateway',
  file: 'gateway/test/fuzz.matrix.ts',
  // The gateway's copy of the tenant's plan (gateway.plan_limits, for /api/v1's API access) arrives by the sign-up's
  // plan event: awaited, so it does not land between a refused case's before and after.
  setup: async (t, db) => {
    await waitFor(async () => (await db.query('select 1 from gateway.plan_limits where tenant_id = $1', [t.tenantId])).rowCount === 1);
    return {};
  },
  routes: {
    // Each accepted case signs the worker's client in as another user: these run after the routes that need its own.
    'POST /api/auth/register': { changesSession: true },
    'POST /api/auth/login': { changesSession: true },
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
        ];
        return {
          actual: { ...Object.fromEntries(keys.map((k) => [k, got[k]])), billingAddress: got.billingAddress },
          // A part of the address left out is stored as null (the contract leaves an absent e-mail undefined).
          expected: {
            ...Object.fromEntries(keys.map((k) => [k, parsed[k] ?? null])),
            billingAddress: Object.fromEntries(['address', 'phone', 'email', 'taxId'].map((k) => [k, parsed.billingAddress[k] ?? null])),
          },
        };
      },
    },
  },
});
