import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { FinancialReport } from '@billpoint/proto';

/** Tenant isolation of every tax route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'tax',
  file: 'services/tax/test/isolation.matrix.ts',
  async seed(t) {
    // Ledger: a report of the tenant (its figures come from events; an empty ledger still gives a stored report).
    const res = await t.client.post('/api/financial-reports/generate', {
      type: 'profit_loss',
      period: 'current-quarter',
      startDate: '2026-10-01',
      endDate: '2026-12-31',
    });
    if (res.status !== 201) throw new Error(`report generate failed: ${res.status} ${res.text}`);
    return { report: res.json as FinancialReport };
  },
  secrets: (_s, t) => [t.tag, t.tenantId],
  // The ledger's copy of the organization arrives by event.
  settled: async (db, t) => Boolean((await db.query(`select 1 from tax.ledger_organizations where tenant_id = $1`, [t.tenantId])).rowCount),
  routes: {
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
