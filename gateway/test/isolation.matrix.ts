import { defineIsolationMatrix, type Tenant } from '@billpoint/kit/testing';
import type { LiveMessage } from '@billpoint/proto';
import { openLive } from './support/live.ts';
import { serviceRegistry } from '@billpoint/proto/services';

const proxied = [
  ...serviceRegistry.flatMap((s) => s.prefixes.flatMap((p) => [p, `${p}/*`])),
  ...serviceRegistry.flatMap((s) => (s.portalPrefixes ?? []).flatMap((p) => [p, `${p}/*`])),
  ...serviceRegistry.flatMap((s) => (s.public ?? []).flatMap((r) => (r.path ? [r.path] : [r.prefix!, `${r.prefix}/*`]))),
];

/** Tenant isolation of the gateway's own routes (run by isolation-matrix.test.ts); the services' routes have their own. */
export default defineIsolationMatrix({
  service: 'gateway',
  file: 'gateway/test/isolation.matrix.ts',
  seed: async (t) => {
    const saved = await t.client.post('/api/organization-settings', {
      companyName: t.organizationName,
      billingAddress: { taxId: `TAX-${t.tag}` },
    });
    if (saved.status !== 200) throw new Error(`settings failed: ${saved.status} ${saved.text}`);
    // The public API: a customer and an API key of the tenant (B calls /api/v1 with its own key and A's ids).
    const customer = await t.client.post('/api/customers', { name: `Customer ${t.tag}`, email: `${t.tag}@customer.test` });
    if (customer.status !== 201) throw new Error(`customer failed: ${customer.status} ${customer.text}`);
    const key = await t.client.post('/api/integrations/api-keys', { name: `Key ${t.tag}`, permissions: ['*'] });
    if (key.status !== 201) throw new Error(`API key failed: ${key.status} ${key.text}`);
    // A's session as the Sessions list names it (B ends it by id: not found).
    const sessions = await t.client.get('/api/auth/sessions');
    if (sessions.status !== 200) throw new Error(`sessions failed: ${sessions.status} ${sessions.text}`);
    const sessionId = (sessions.json.sessions as { id: string }[])[0]!.id;
    // A pending invitation (its e-mail carries the tag).
    const invitation = await t.client.post('/api/organization/invitations', { email: `invited-${t.tag}@tenant.test`, role: 'user' });
    if (invitation.status !== 201) throw new Error(`invitation failed: ${invitation.status} ${invitation.text}`);
    return {
      email: t.email,
      userId: t.userId,
      tenantId: t.tenantId,
      customerId: customer.json.id as number,
      apiKey: key.json.actualKey as string,
      sessionId,
      invitationId: invitation.json.id as string,
    };
  },
  // t.email and t.userId: A's member, as GET /api/organization/members would name them.
  secrets: (f, t) => [
    t.email,
    t.organizationName,
    t.tenantId,
    t.userId,
    t.tag,
    f.apiKey,
    f.sessionId,
    f.invitationId,
    `invited-${t.tag}@tenant.test`,
  ],
  snapshot: async (db, t) => {
    const rows = async (sql: string) => (await db.query(sql, [t.tenantId])).rows.map((r) => JSON.stringify(r)).sort();
    return {
      organizations: await rows('select * from gateway.organizations where id = $1'),
      memberships: await rows('select * from gateway.memberships where organization_id = $1'),
      users: await rows('select u.* from gateway.users u join gateway.memberships m on m.user_id = u.id where m.organization_id = $1'),
      sessions: await rows('select * from gateway.sessions where organization_id = $1'),
      settings: await rows('select * from gateway.organization_settings where organization_id = $1'),
      invitations: await rows('select * from gateway.invitations where organization_id = $1'),
      portalLinks: await rows('select * from gateway.portal_sign_in_tokens where organization_id = $1'),
      portalSessions: await rows('select * from gateway.portal_sessions where organization_id = $1'),
    };
  },
  excludeMatching: [{ match: (r) => proxied.includes(r.url), reason: 'forwarded to its service, whose own matrix covers each route' }],
  routes: {
    // B's live stream while A and then B create a customer (each with its own API key: A's session rows stay as they
    // were): B's own notice comes, A's never (it would have come first), nor anything of A's data.
    'GET /api/live': {
      answers: 'stream',
      check: async (a, b) => {
        const stream = await openLive(b.tenant.client);
        try {
          if (stream.status !== 200) return [`answered ${stream.status}`];
          const ofA = await createWithKey(a.tenant, a.fixtures.apiKey);
          const ofB = await createWithKey(b.tenant, b.fixtures.apiKey);
          const isCustomer = (id: number) => (m: LiveMessage) => m.type === 'customer' && 'id' in m && m.id === id;
          await stream.next(isCustomer(ofB));
          const problems: string[] = [];
          if (stream.messages().some(isCustomer(ofA))) problems.push("B's stream carried A's customer");
          const raw = JSON.stringify(stream.events);
          const leaked = [a.tenant.tenantId, a.tenant.tag, a.tenant.email, a.fixtures.apiKey].filter((x) => raw.includes(x));
          if (leaked.length) problems.push(`B's stream holds A's data: ${leaked.join(', ')}`);
          return problems;
        } finally {
          stream.close();
        }
      },
    },
    // The public API with B's own key and A's ids: A's customer is not found, B's lists hold B's own data only;
    // without a key it is 401; methods no route takes are 405.
    'GET /api/v1/*': {
      answers: 'not-found',
      call: (a, b) => [
        { path: `/api/v1/customers/${a.customerId}`, headers: { authorization: `Bearer ${b.apiKey}` } },
        { path: '/api/v1/customers', headers: { authorization: `Bearer ${b.apiKey}` }, status: [200] },
        { path: '/api/v1/invoices', headers: { authorization: `Bearer ${b.apiKey}` }, status: [200] },
        { path: '/api/v1/analytics/dashboard', headers: { authorization: `Bearer ${b.apiKey}` }, status: [200] },
        { path: `/api/v1/customers/${a.customerId}`, status: [401] },
        { path: `/api/v1/customers/${a.customerId}`, headers: { authorization: `Bearer ${a.apiKey}x` }, status: [401] },
      ],
    },
    'POST /api/v1/*': {
      answers: 'status',
      status: [400], // B's invoice for A's customer: no such customer in B
      call: (a, b) => ({
        path: '/api/v1/invoices',
        headers: { authorization: `Bearer ${b.apiKey}`, 'content-type': 'application/json' },
        body: { invoice: { customerId: a.customerId, dueDate: '2026-12-31' }, items: [{ description: 'X', quantity: '1', rate: '1' }] },
      }),
    },
    'PUT /api/v1/*': {
      answers: 'status',
      status: [405],
      call: (a, b) => ({
        path: `/api/v1/customers/${a.customerId}`,
        headers: { authorization: `Bearer ${b.apiKey}` },
        body: { name: 'Hijack' },
      }),
    },
    'PATCH /api/v1/*': {
      answers: 'status',
      status: [404], // B's key, A's customer: not found (public-api-matrix.test.ts walks every operation)
      call: (a, b) => ({
        path: `/api/v1/customers/${a.customerId}`,
        headers: { authorization: `Bearer ${b.apiKey}`, 'content-type': 'application/json' },
        body: { name: 'Hijack' },
      }),
    },
    'DELETE /api/v1/*': {
      answers: 'status',
      status: [404],
      call: (a, b) => ({ path: `/api/v1/customers/${a.customerId}`, headers: { authorization: `Bearer ${b.apiKey}` } }),
    },
    'GET /api/v1/openapi.json': { answers: 'status', status: [200], call: () => ({ path: '/api/v1/openapi.json' }) },
    'GET /api/v1/reference': { answers: 'status', status: [200], call: () => ({ path: '/api/v1/reference' }) },
    'GET /api/v1/reference/:file': {
      answers: 'status',
      status: [200],
      call: () => [{ path: '/api/v1/reference/init.js' }, { path: '/api/v1/reference/nothing.js', status: [404] }],
    },
    // The deployment's settings (the maintenance notice): the same for everyone, nothing of a tenant.
    'GET /api/config': { answers: 'status', status: [200], call: () => ({ path: '/api/config' }) },
    'GET /api/login': { answers: 'status', status: [200], call: () => ({ path: '/api/login' }) },
    'GET /api/login/login.js': { answers: 'status', status: [200], call: () => ({ path: '/api/login/login.js' }) },
    'GET /api/login/login.css': { answers: 'status', status: [200], call: () => ({ path: '/api/login/login.css' }) },
    'GET /api/callback': { answers: 'not-found', call: () => ({ path: '/api/callback?code=x&state=y' }) },
    'GET /api/auth/user': { answers: 'collection', showsOwn: true, call: () => ({ path: '/api/auth/user' }) },
    'POST /api/auth/register': {
      answers: 'status',
      status: [409], // A's e-mail is taken; the answer says no more than that
      call: (a) => ({
        path: '/api/auth/register',
        body: { email: a.email, password: 'another long password', firstName: 'B', lastName: 'B', organizationName: 'B again' },
      }),
    },
    'POST /api/auth/login': {
      answers: 'status',
      status: [401],
      call: (a) => ({ path: '/api/auth/login', body: { email: a.email, password: 'not the password' } }),
    },
    'GET /api/organization-settings': { answers: 'collection', showsOwn: true, call: () => ({ path: '/api/organization-settings' }) },
    'POST /api/organization-settings': {
      answers: 'status',
      status: [200], // B saves its own settings; A's stay as they were
      call: () => ({ path: '/api/organization-settings', body: { companyName: 'B company', invoicePrefix: 'BBB' } }),
    },
    // B's own members only (B's e-mail carries B's tag); A's member — A's signed-up user, `t.email` in the secrets — never.
    'GET /api/organization/members': { answers: 'collection', showsOwn: true, call: () => ({ path: '/api/organization/members' }) },
    // Account security: B's own account only; A's e-mail gets B nothing but the same 202 as any address.
    'POST /api/auth/forgot-password': {
      answers: 'status',
      status: [202],
      call: (a) => ({ path: '/api/auth/forgot-password', body: { email: a.email } }),
    },
    'POST /api/auth/reset-password': {
      answers: 'status',
      status: [400],
      call: () => ({ path: '/api/auth/reset-password', body: { token: 'x'.repeat(43), password: 'a new long password' } }),
    },
    'GET /reset-password/:token': { answers: 'status', status: [200], call: () => ({ path: `/reset-password/${'x'.repeat(43)}` }) },
    'GET /api/login/reset-password.js': { answers: 'status', status: [200], call: () => ({ path: '/api/login/reset-password.js' }) },
    'POST /api/auth/change-password': {
      answers: 'status',
      status: [400], // B's own current password is not this
      call: () => ({
        path: '/api/auth/change-password',
        body: { currentPassword: 'not the password', newPassword: 'a new long password' },
      }),
    },
    'GET /api/auth/two-factor': { answers: 'status', status: [200], call: () => ({ path: '/api/auth/two-factor' }) },
    'POST /api/auth/two-factor/setup': { answers: 'status', status: [200], call: () => ({ path: '/api/auth/two-factor/setup' }) },
    'POST /api/auth/two-factor/enable': {
      answers: 'status',
      status: [400],
      call: () => ({ path: '/api/auth/two-factor/enable', body: { code: '000000' } }),
    },
    'POST /api/auth/two-factor/disable': {
      answers: 'status',
      status: [409], // B has no two-factor to turn off
      call: () => ({ path: '/api/auth/two-factor/disable', body: { password: 'not the password' } }),
    },
    // B's own sessions only (no tag to look for: B's organization has been renamed by the settings call above).
    'GET /api/auth/sessions': { answers: 'collection', call: () => ({ path: '/api/auth/sessions' }) },
    'DELETE /api/auth/sessions/:id': { answers: 'not-found', call: (a) => ({ path: `/api/auth/sessions/${a.sessionId}` }) },
    'GET /api/organization/security': { answers: 'status', status: [200], call: () => ({ path: '/api/organization/security' }) },
    'PUT /api/organization/security': {
      answers: 'status',
      status: [200], // B's own rule; A's stays as it was
      call: () => ({ path: '/api/organization/security', body: { requireTwoFactor: false } }),
    },
    // B's other sessions (none): A's sessions stay (the snapshot holds them).
    'DELETE /api/auth/sessions/others': { answers: 'status', status: [204], call: () => ({ path: '/api/auth/sessions/others' }) },
    // Members and invitations: A's ids in B's organization are not found; B's lists hold B's own only.
    'GET /api/organization/invitations': {
      answers: 'collection',
      showsOwn: true,
      call: () => ({ path: '/api/organization/invitations' }),
    },
    'POST /api/organization/invitations': {
      answers: 'status',
      status: [201, 409], // B invites someone new into B (again: pending already); A's invitations stay as they were
      call: () => ({ path: '/api/organization/invitations', body: { email: 'new-person@elsewhere.test', role: 'user' } }),
    },
    'DELETE /api/organization/invitations/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/organization/invitations/${a.invitationId}` }),
    },
    'POST /api/organization/invitations/:id/resend': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/organization/invitations/${a.invitationId}/resend` }),
    },
    'PATCH /api/organization/members/:userId': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/organization/members/${a.userId}`, body: { role: 'user' } }),
    },
    'DELETE /api/organization/members/:userId': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/organization/members/${a.userId}` }),
    },
    'POST /api/organization/transfer-ownership': {
      answers: 'not-found',
      call: (a) => ({ path: '/api/organization/transfer-ownership', body: { userId: a.userId } }),
    },
    // Public: the token is the only key (A's is never known to B: only A's invitee's e-mail holds it).
    'GET /api/invitations/:token': { answers: 'not-found', call: () => ({ path: `/api/invitations/${'A'.repeat(43)}` }) },
    'POST /api/invitations/:token/accept': {
      answers: 'not-found',
      call: () => ({ path: `/api/invitations/${'A'.repeat(43)}/accept`, body: {} }),
    },
    // B's own organization only (not showsOwn: POST /api/organization-settings above renames it without the tag).
    'GET /api/auth/organizations': { answers: 'collection', call: () => ({ path: '/api/auth/organizations' }) },
    // B is no member of A's organization: 404, B's session stays B's.
    'POST /api/auth/switch-organization': {
      answers: 'not-found',
      call: (a) => ({ path: '/api/auth/switch-organization', body: { organizationId: a.tenantId } }),
    },
    // Custom domain: B has none, so B's check is refused; A's domain state stays as it was (the snapshot holds it).
    'POST /api/organization-settings/custom-domain/verify': {
      answers: 'status',
      status: [400],
      call: () => ({ path: '/api/organization-settings/custom-domain/verify', body: {} }),
    },
    // The customer portal. Its sign-in answers every address alike (nothing of A's is told or written for a
    // stranger); B's staff session is no portal session (401); portal-matrix.test.ts calls them as portal sessions.
    'POST /api/portal/:slug/sign-in': {
      answers: 'status',
      status: [202, 404],
      call: () => ({ path: '/api/portal/no-such-portal/sign-in', body: { email: 'stranger@elsewhere.test' } }),
    },
    'POST /api/portal/sessions': {
      answers: 'status',
      status: [400],
      call: () => ({ path: '/api/portal/sessions', body: { token: 'A'.repeat(43) } }),
    },
    'POST /api/portal/sign-out': { answers: 'status', status: [204], call: () => ({ path: '/api/portal/sign-out' }) },
    'GET /api/portal/me': { answers: 'status', status: [401], call: () => ({ path: '/api/portal/me' }) },
    'PUT /api/portal/me': { answers: 'status', status: [401], call: () => ({ path: '/api/portal/me', body: { name: 'Hijack' } }) },
    // Public by slug (an organization's portal address is meant to be shared); without one on the app's host: 404.
    'GET /api/portal/branding': { answers: 'status', status: [404], call: () => ({ path: '/api/portal/branding' }) },
    'POST /api/logout': { answers: 'status', status: [204], endsSession: true, call: () => ({ path: '/api/logout' }) },
    'GET /api/logout': { answers: 'status', status: [302], endsSession: true, call: () => ({ path: '/api/logout' }) },
  },
});

/** A customer of the tenant made through the public API with its key; its id. */
async function createWithKey(t: Tenant, apiKey: string): Promise<number> {
  const res = await t.client.post(
    '/api/v1/customers',
    { name: `Live ${t.tag}`, email: `live-${t.tag}@customer.test` },
    { authorization: `Bearer ${apiKey}` },
  );
  if (res.status !== 201) throw new Error(`customer through the API failed: ${res.status} ${res.text}`);
  return res.json.id as number;
}
