import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { TaxRate } from '@billpoint/proto';
import { makeTaxRate } from './support.ts';

/** Tenant isolation of every tax route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'tax',
  file: 'services/tax/test/isolation.matrix.ts',
  async seed(t) {
    const taxRate: TaxRate = await makeTaxRate(t.client, {
      name: `Rate ${t.tag}`,
      jurisdiction: `Land ${t.tag}`,
      taxNumber: `TN-${t.tag}`,
      rate: `${10 + Math.floor(Math.random() * 80)}.${10 + Math.floor(Math.random() * 90)}`,
    });
    return { taxRate };
  },
  secrets: ({ taxRate }, t) => [t.tag, t.tenantId, taxRate.name, taxRate.taxNumber!],
  routes: {
    'GET /api/tax-rates': {
      answers: 'collection',
      showsOwn: true,
      call: () => [{ path: '/api/tax-rates' }, { path: '/api/tax-rates?active=true' }],
    },
    'POST /api/tax-rates': {
      answers: 'status',
      status: [201], // B's own rate: nothing of A's in the answer, A's rows untouched
      call: () => ({ path: '/api/tax-rates', body: { name: 'Mine', jurisdiction: 'Here', rate: '1', startDate: '2024-01-01' } }),
    },
    'PUT /api/tax-rates/:id': {
      answers: 'not-found',
      call: (a) => ({
        path: `/api/tax-rates/${a.taxRate.id}`,
        body: { name: 'Hijack', jurisdiction: 'X', rate: '0', startDate: '2024-01-01' },
      }),
    },
    'DELETE /api/tax-rates/:id': { answers: 'not-found', call: (a) => ({ path: `/api/tax-rates/${a.taxRate.id}` }) },
  },
});
