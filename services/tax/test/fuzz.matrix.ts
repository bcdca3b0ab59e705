import { defineFuzzMatrix } from '@billpoint/kit/testing';
import type { FinancialReport } from '@billpoint/proto';

/** Hostile input of every tax route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix({
  service: 'tax',
  file: 'services/tax/test/fuzz.matrix.ts',
  async setup() {
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
