import { defineIsolationMatrix } from '@billpoint/kit/testing';
import { serviceRegistry } from '@billpoint/proto/services';

const proxied = [
  ...serviceRegistry.flatMap((s) => s.prefixes.flatMap((p) => [p, `${p}/*`])),
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
    return { email: t.email };
  },
  secrets: (_f, t) => [t.email, t.organizationName, t.tenantId, t.userId, t.tag],
  snapshot: async (db, t) => {
    const rows = async (sql: string) => (await db.query(sql, [t.tenantId])).rows.map((r) => JSON.stringify(r)).sort();
    return {
      organizations: await rows('select * from gateway.organizations where id = $1'),
      memberships: await rows('select * from gateway.memberships where organization_id = $1'),
      users: await rows('select u.* from gateway.users u join gateway.memberships m on m.user_id = u.id where m.organization_id = $1'),
      sessions: await rows('select * from gateway.sessions where organization_id = $1'),
      settings: await rows('select * from gateway.organization_settings where organization_id = $1'),
    };
  },
  excludeMatching: [{ match: (r) => proxied.includes(r.url), reason: 'forwarded to its service, whose own matrix covers each route' }],
  routes: {
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
    'POST /api/logout': { answers: 'status', status: [204], endsSession: true, call: () => ({ path: '/api/logout' }) },
    'GET /api/logout': { answers: 'status', status: [302], endsSession: true, call: () => ({ path: '/api/logout' }) },
  },
});
