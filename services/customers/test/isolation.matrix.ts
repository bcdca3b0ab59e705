import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { Customer } from '@billpoint/proto';

/** Tenant isolation of every customers route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'customers',
  file: 'services/customers/test/isolation.matrix.ts',
  async seed(t) {
    const { tag } = t;
    const res = await t.client.post('/api/customers', {
      name: `Secret ${tag}`,
      email: `${tag}@secret.test`,
      company: `Company ${tag}`,
      phone: `+1 555 ${tag}`,
      taxId: `TAX-${tag}`,
      tags: [`tag-${tag}`],
    });
    if (res.status !== 201) throw new Error(`seed failed: ${res.status} ${res.text}`);
    return { customer: res.json as Customer, tag };
  },
  secrets: ({ customer, tag }, t) => [tag, customer.name, customer.email, customer.company!, customer.taxId!, t.tenantId],
  routes: {
    'GET /api/customers': {
      answers: 'collection',
      call: (a) => [
        { path: `/api/customers?search=${a.tag}` },
        { path: `/api/customers?pagination=cursor&search=${a.tag}` },
        // A cursor of A's (or a neighbour of it) names nothing in B's list: refused as any unknown id, telling nothing.
        { path: `/api/customers?pagination=cursor&limit=100&starting_after=${a.customer.id + 1}`, status: [400] },
        { path: `/api/customers?pagination=cursor&limit=100&starting_after=${a.customer.id}`, status: [400] },
      ],
    },
    'GET /api/customers/:id': { answers: 'not-found', call: (a) => ({ path: `/api/customers/${a.customer.id}` }) },
    'GET /api/customers/:id/credit': { answers: 'not-found', call: (a) => ({ path: `/api/customers/${a.customer.id}/credit` }) },
    'POST /api/customers': {
      // Creating can never reach another tenant's row: B gets its own new customer, A's rows stay as they were.
      answers: 'status',
      status: [201],
      call: () => ({ path: '/api/customers', body: { name: 'Made by B', email: 'b@b.test' } }),
    },
    'PUT /api/customers/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/customers/${a.customer.id}`, body: { name: 'Hijack', email: 'hijack@b.test' } }),
    },
    'PATCH /api/customers/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/customers/${a.customer.id}`, body: { email: 'hijack@b.test' } }),
    },
    'DELETE /api/customers/:id': { answers: 'not-found', call: (a) => ({ path: `/api/customers/${a.customer.id}` }) },
  },
});
