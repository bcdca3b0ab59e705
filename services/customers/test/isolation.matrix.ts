import { randomUUID } from 'node:crypto';
import type { Customer } from '@billpoint/proto';
import type { IsolationMatrix } from '../../../gateway/test/support/isolation-matrix.ts';

/** Customers: every route, called by another tenant with this tenant's ids (see gateway/test/isolation-matrix.test.ts). */
export const customersIsolation: IsolationMatrix = {
  service: 'customers',
  file: 'services/customers/test/isolation.matrix.ts',
  async seed(a) {
    const tag = randomUUID().slice(0, 8);
    const res = await a.post('/api/customers', {
      name: `Secret Customer ${tag}`,
      email: `secret-${tag}@a.test`,
      phone: `+44 ${tag}`,
      company: `Hidden Co ${tag}`,
      address: `1 Private Road ${tag}`,
    });
    if (res.status !== 201) throw new Error(`seed failed: ${res.status} ${res.text}`);
    const c = res.json as Customer;
    return { ids: { id: c.id }, secrets: [c.name, c.email!, c.company!, c.address!, tag] };
  },
  routes: {
    'GET /api/customers': { expect: 'own' },
    'GET /api/customers/:id': { expect: 'not-found' },
    'POST /api/customers': { expect: 'own', body: () => ({ name: 'B own customer', email: 'b@b.test' }) },
    'PUT /api/customers/:id': { expect: 'not-found', body: () => ({ name: 'Hijacked', email: 'h@b.test' }) },
    'DELETE /api/customers/:id': { expect: 'not-found' },
  },
};
