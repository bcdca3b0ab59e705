import { randomUUID } from 'node:crypto';
import type { Customer, Invoice } from '@billpoint/proto';
import type { IsolationMatrix } from '../../../gateway/test/support/isolation-matrix.ts';
import { inDays, invoiceBody } from './support/factories.ts';

/** Billing: every route, called by another tenant with this tenant's ids (see gateway/test/isolation-matrix.test.ts). */
export const billingIsolation: IsolationMatrix = {
  service: 'billing',
  file: 'services/billing/test/isolation.matrix.ts',
  async seed(a) {
    const tag = randomUUID().slice(0, 8);
    const cust = (await a.post('/api/customers', { name: `Billed ${tag}`, email: `billed-${tag}@a.test` })).json as Customer;
    const res = await a.post('/api/invoices', {
      invoice: { customerId: cust.id, invoiceNumber: `SEC-${tag}`, dueDate: inDays(10), notes: `Private note ${tag}` },
      items: [{ description: `Confidential work ${tag}`, quantity: '1', rate: '123.45' }],
    });
    if (res.status !== 201) throw new Error(`seed failed: ${res.status} ${res.text}`);
    const inv = (await a.get(`/api/invoices/${(res.json as Invoice).id}`)).json as Invoice;
    return {
      ids: { id: inv.id, customerId: cust.id },
      secrets: [inv.invoiceNumber, `Private note ${tag}`, `Confidential work ${tag}`, cust.name, cust.email!, inv.publicToken!],
    };
  },
  routes: {
    'GET /api/invoices': { expect: 'own' },
    'GET /api/invoices/next-number': { expect: 'own' },
    'GET /api/invoices/:id': { expect: 'not-found' },
    'GET /api/invoices/:id/pdf': { expect: 'not-found' },
    // Invoicing A's customer: refused, the customer is not B's.
    'POST /api/invoices': { expect: 'refused', body: (s) => invoiceBody(Number(s.ids.customerId)) },
    'PUT /api/invoices/:id': {
      expect: 'not-found',
      body: (s) => ({ customerId: s.ids.customerId, items: [{ description: 'Hijack', quantity: '1', rate: '1' }] }),
    },
    'DELETE /api/invoices/:id': { expect: 'not-found' },
    'POST /api/invoices/:id/send': { expect: 'not-found' },
    'GET /api/dashboard/stats': { expect: 'own' },
  },
};
