import { defineFuzzMatrix, waitFor } from '@billpoint/kit/testing';
import { ExpenseSummary, TaxSummary, type Expense, type ExpenseCategory, type FinancialReport, TaxRate } from '@billpoint/proto';
import { categoriesByName, makeExpense, makeTaxRate } from './support.ts';

type Ctx = { taxRateId: number; categoryId: number; expenseId: number; ownCategoryId: number; reportId: number };
type Client = { get(p: string): Promise<{ json: any }> };
const RATE_KEYS = ['name', 'jurisdiction', 'rate', 'type', 'isActive', 'startDate', 'endDate', 'description', 'taxNumber'] as const;
const CATEGORY_KEYS = ['name', 'color', 'description', 'taxDeductible', 'keywords'] as const;
const EXPENSE_KEYS = [
  'description',
  'amount',
  'currency',
  'date',
  'vendor',
  'categoryId',
  'notes',
  'receipt',
  'paymentMethod',
  'taxAmount',
  'isReimbursable',
  'tags',
] as const;

const pick = (o: Record<string, any> | undefined, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, o?.[k] ?? null]));

/** The stored rate beside what the contract made of the input. */
async function readTaxRate(client: Client, id: number, parsed: Record<string, any>) {
  const got = ((await client.get('/api/tax-rates')).json.taxRates as TaxRate[]).find((r) => r.id === id);
  return { actual: pick(got, RATE_KEYS), expected: pick(parsed, RATE_KEYS) };
}

/** The stored rate beside the fields a PATCH gave (the others are the stored ones, unchanged by it). */
async function readPatchedRate(client: Client, id: number, parsed: Record<string, any>) {
  const keys = RATE_KEYS.filter((k) => parsed[k] !== undefined);
  const got = ((await client.get('/api/tax-rates')).json.taxRates as TaxRate[]).find((r) => r.id === id);
  return { actual: pick(got, keys), expected: pick(parsed, keys) };
}

async function readCategory(client: Client, id: number, parsed: Record<string, any>) {
  const got = ((await client.get('/api/expense-categories?includeArchived=true')).json as ExpenseCategory[]).find((c) => c.id === id);
  return { actual: pick(got, CATEGORY_KEYS), expected: pick(parsed, CATEGORY_KEYS) };
}

async function readExpense(client: Client, id: number, parsed: Record<string, any>) {
  const got = (await client.get(`/api/expenses/${id}`)).json as Expense;
  return { actual: pick(got, EXPENSE_KEYS), expected: pick(parsed, EXPENSE_KEYS) };
}

/** A generated expense fitted to the tenant: its own category (or none), its suggestion the same, no receipt, tax ≤ amount. */
function fitExpense(v: any, ctx: Ctx) {
  if (!v || typeof v !== 'object') return v;
  const out = { ...v };
  if (out.categoryId != null) out.categoryId = ctx.categoryId;
  if (out.suggestedCategoryId != null) out.suggestedCategoryId = ctx.categoryId;
  if (out.receipt != null) out.receipt = null;
  out.taxAmount = '0';
  return out;
}

/** Every rate at once as `{ taxRates }`, or a cursor page (`pagination=cursor`) as a bare array: TaxRates either way. */
const taxRateList = (json: unknown) => {
  const rows = Array.isArray(json) ? json : (json as { taxRates?: unknown } | null)?.taxRates;
  if (!Array.isArray(rows)) return ['a list answer that is neither an array nor { taxRates }'];
  return rows.flatMap((r, i) => (TaxRate.safeParse(r).success ? [] : [`item ${i} is not a TaxRate`]));
};

/** Hostile input of every tax route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'tax',
  file: 'services/tax/test/fuzz.matrix.ts',
  async setup(t, db) {
    // The ledger's copy of the organization arrives by event: wait for it, so nothing changes under the fuzzing.
    await waitFor(async () => (await db.query(`select 1 from tax.ledger_organizations where tenant_id = $1`, [t.tenantId])).rowCount);
    // The default categories are in place before fuzzing: their seeding (the organization event) cannot land
    // in the middle of a refused case.
    const cats = await categoriesByName(t.client);
    const own = await t.client.post('/api/expense-categories', { name: `Fuzz ${t.tag}` });
    const report = await t.client.post('/api/financial-reports/generate', {
      type: 'sales_tax',
      period: 'current-quarter',
      startDate: '2026-07-01',
      endDate: '2026-09-30',
    });
    return {
      reportId: (report.json as FinancialReport).id,
      taxRateId: (await makeTaxRate(t.client)).id,
      categoryId: cats.Software!.id,
      ownCategoryId: (own.json as ExpenseCategory).id,
      expenseId: (await makeExpense(t.client)).id,
    };
  },
  // Written by the ledger's consumers from the expense events of earlier accepted cases, while later cases run.
  eventTables: [
    'chart_of_accounts',
    'ledger_counters',
    'journal_entries',
    'journal_entry_lines',
    'ledger_daily',
    'ledger_slots',
    'ledger_invoices',
    'ledger_payments',
    'ledger_expenses',
    'ledger_organizations',
  ],
  routes: {
    'GET /api/tax-rates': { answer: taxRateList },
    'POST /api/tax-rates': { readBack: ({ parsed, answer, client }) => readTaxRate(client, answer.id, parsed) },
    'PUT /api/tax-rates/:id': {
      path: (ctx) => `/api/tax-rates/${ctx.taxRateId}`,
      readBack: ({ parsed, client, ctx }) => readTaxRate(client, ctx.taxRateId, parsed),
    },
    'PATCH /api/tax-rates/:id': {
      path: (ctx) => `/api/tax-rates/${ctx.taxRateId}`,
      readBack: ({ parsed, client, ctx }) => readPatchedRate(client, ctx.taxRateId, parsed),
    },
    'GET /api/expense-categories': {},
    'POST /api/expense-categories': { readBack: ({ parsed, answer, client }) => readCategory(client, answer.id, parsed) },
    'PUT /api/expense-categories/:id': {
      path: (ctx) => `/api/expense-categories/${ctx.ownCategoryId}`,
      // The generator repeats the names the POST cases already took (same seed): a 409 each time, nothing read back.
      fix: (v: any) => (v && typeof v === 'object' && typeof v.name === 'string' ? { ...v, name: `E${v.name}` } : v),
      readBack: ({ parsed, client, ctx }) => readCategory(client, ctx.ownCategoryId, parsed),
    },
    'GET /api/expenses': {},
    'GET /api/expenses/summary': {
      answer: (json) => (ExpenseSummary.safeParse(json).success ? [] : ['an answer outside ExpenseSummary']),
    },
    'POST /api/expenses': {
      fix: fitExpense,
      readBack: ({ parsed, answer, client }) => readExpense(client, answer.id, parsed),
    },
    'PUT /api/expenses/:id': {
      path: (ctx) => `/api/expenses/${ctx.expenseId}`,
      fix: fitExpense,
      readBack: ({ parsed, client, ctx }) => readExpense(client, ctx.expenseId, parsed),
    },
    // Ledger, reports and the tax summary.
    'POST /api/financial-reports/generate': {
      readBack: async ({ parsed, answer, client }) => {
        const got = (await client.get(`/api/financial-reports/${answer.id}`)).json as FinancialReport;
        return {
          actual: { type: got.type, startDate: got.startDate, endDate: got.endDate, currency: got.reportData.currency },
          expected: { type: parsed.type, startDate: parsed.startDate, endDate: parsed.endDate, currency: parsed.currency ?? 'USD' },
        };
      },
    },
    'PATCH /api/financial-reports/:id': {
      path: (ctx) => `/api/financial-reports/${ctx.reportId}`,
      readBack: async ({ parsed, client, ctx }) => ({
        actual: ((await client.get(`/api/financial-reports/${ctx.reportId}`)).json as FinancialReport).status,
        expected: parsed.status,
      }),
    },
    'GET /api/tax-summary': { answer: (json) => (TaxSummary.safeParse(json).success ? [] : ['an answer outside TaxSummary']) },
  },
});
