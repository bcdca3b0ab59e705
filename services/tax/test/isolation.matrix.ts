import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { FinancialReport, TaxRate } from '@billpoint/proto';
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
    // Ledger: a report of the tenant (its figures come from events; an empty ledger still gives a stored report).
    const res = await t.client.post('/api/financial-reports/generate', {
      type: 'profit_loss',
      period: 'current-quarter',
      startDate: '2026-10-01',
      endDate: '2026-12-31',
    });
    if (res.status !== 201) throw new Error(`report generate failed: ${res.status} ${res.text}`);
    return { taxRate, report: res.json as FinancialReport };
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
    // Ledger, reports and the tax summary (branch ledger).
    'POST /api/financial-reports/generate': {
      answers: 'status',
      status: [201], // B's own report, from B's own ledger; A's rows untouched
      call: () => ({
        path: '/api/financial-reports/generate',
        body: { type: 'tax_summary', startDate: '2026-10-01', endDate: '2026-12-31' },
      }),
    },
    'GET /api/financial-reports': { answers: 'collection', call: () => ({ path: '/api/financial-reports' }) },
    'GET /api/financial-reports/:id': { answers: 'not-found', call: (a) => ({ path: `/api/financial-reports/${a.report.id}` }) },
    'GET /api/financial-reports/:id/csv': { answers: 'not-found', call: (a) => ({ path: `/api/financial-reports/${a.report.id}/csv` }) },
    'GET /api/financial-reports/:id/pdf': { answers: 'not-found', call: (a) => ({ path: `/api/financial-reports/${a.report.id}/pdf` }) },
    'GET /api/tax-summary': {
      answers: 'collection',
      call: () => [{ path: '/api/tax-summary' }, { path: '/api/tax-summary?currency=EUR' }],
    },
  },
});
