import { defineFuzzMatrix, waitFor } from '@billpoint/kit/testing';
import type { FinancialReport } from '@billpoint/proto';

/** Hostile input of every tax route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix({
  service: 'tax',
  file: 'services/tax/test/fuzz.matrix.ts',
  async setup(t, db) {
    // The ledger's copy of the organization arrives by event: wait for it, so nothing changes under the fuzzing.
    await waitFor(async () => (await db.query(`select 1 from tax.ledger_organizations where tenant_id = $1`, [t.tenantId])).rowCount);
    return {};
  },
  routes: {
    // Ledger, reports and the tax summary (branch ledger).
    'POST /api/financial-reports/generate': {
      readBack: async ({ parsed, answer, client }) => {
        const got = (await client.get(`/api/financial-reports/${answer.id}`)).json as FinancialReport;
        return {
          actual: { type: got.type, startDate: got.startDate, endDate: got.endDate, currency: got.reportData.currency },
          expected: { type: parsed.type, startDate: parsed.startDate, endDate: parsed.endDate, currency: parsed.currency ?? 'USD' },
        };
      },
    },
    'GET /api/tax-summary': { answers: 'object' },
  },
});
