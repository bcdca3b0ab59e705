import { defineFuzzMatrix } from '@billpoint/kit/testing';
import type { FinancialReport, TaxRate } from '@billpoint/proto';
import { makeTaxRate } from './support.ts';

type Ctx = { taxRateId: number };
type Client = { get(p: string): Promise<{ json: any }> };
const RATE_KEYS = ['name', 'jurisdiction', 'rate', 'type', 'isActive', 'startDate', 'endDate', 'description', 'taxNumber'] as const;

/** The stored rate beside what the contract made of the input. */
async function readTaxRate(client: Client, id: number, parsed: Record<string, any>) {
  const got = ((await client.get('/api/tax-rates')).json.taxRates as TaxRate[]).find((r) => r.id === id);
  return {
    actual: Object.fromEntries(RATE_KEYS.map((k) => [k, got?.[k]])),
    expected: Object.fromEntries(RATE_KEYS.map((k) => [k, parsed[k] ?? null])),
  };
}

/** Hostile input of every tax route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'tax',
  file: 'services/tax/test/fuzz.matrix.ts',
  async setup(t) {
    return { taxRateId: (await makeTaxRate(t.client)).id };
  },
  routes: {
    'GET /api/tax-rates': { list: (answer) => answer?.taxRates },
    'POST /api/tax-rates': { readBack: ({ parsed, answer, client }) => readTaxRate(client, answer.id, parsed) },
    'PUT /api/tax-rates/:id': {
      path: (ctx) => `/api/tax-rates/${ctx.taxRateId}`,
      readBack: ({ parsed, client, ctx }) => readTaxRate(client, ctx.taxRateId, parsed),
    },
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
