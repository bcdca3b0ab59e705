import { defineFuzzMatrix, waitFor } from '@billpoint/kit/testing';
import { DashboardStats, ExchangeRates, type Invoice, type Quote, type RecurringInvoice } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { makeSchedule } from './support/recurring.ts';
import { makeQuote } from './support/quotes.ts';
import { templateFuzzRoutes, templateFuzzSetup, type TemplateFuzzCtx } from './fuzz.templates.ts';
import { creditNoteFuzzRoutes, creditNoteFuzzSetup, type CreditNoteFuzzCtx } from './fuzz.credit-notes.ts';
import { emailTemplateFuzzRoutes } from './fuzz.email-templates.ts';

type Ctx = {
  customerIds: number[];
  invoiceId: number;
  /** A draft only PATCH changes (PUT's fuzzing may send `invoiceId` out of draft). */
  draftId: number;
  /** A sent invoice for DELETE: `draftOnly=true` keeps it (409), without it it goes (then 404s). */
  sentId: number;
  scheduleId: number;
  /** A draft quote PUT edits (its status never moves by PUT). */
  quoteId: number;
  taxRate: { id: number; rate: string };
} & TemplateFuzzCtx &
  CreditNoteFuzzCtx;
const FIELDS = [
  'customerId',
  'issueDate',
  'dueDate',
  'status',
  'currency',
  'exchangeRate',
  'taxRate',
  'discountAmount',
  'shippingAmount',
  'templateId',
];
const TEXTS = ['notes', 'terms', 'paymentInstructions', 'invoiceNumber'];

/** Generated lines naming a tax rate name the tenant's own (valid since 1000-01-01, never ending). */
const fitItems = (items: unknown, ctx: Ctx) =>
  Array.isArray(items)
    ? items.map((it: any) => (it && typeof it === 'object' && typeof it.taxRateId === 'number' ? { ...it, taxRateId: ctx.taxRate.id } : it))
    : items;

/** A generated invoice made to fit the tenant: one of its customers and templates, the issue date not after the due date. */
function fit(inv: Record<string, any>, ctx: Ctx) {
  const out: Record<string, any> = { ...inv, customerId: ctx.customerIds[Math.abs(Number(inv.customerId) || 0) % ctx.customerIds.length] };
  if (typeof inv.templateId === 'number') out.templateId = ctx.templateId;
  if (typeof out.issueDate === 'string' && typeof out.dueDate === 'string' && out.issueDate > out.dueDate)
    [out.issueDate, out.dueDate] = [out.dueDate, out.issueDate];
  return out;
}

/** The stored invoice beside what the contract made of the input: the fields sent, items in order. */
async function readInvoice(
  client: { get(p: string): Promise<{ json: any }> },
  id: number,
  head: Record<string, any>,
  items: any[],
  ctx: Ctx,
) {
  const got = (await client.get(`/api/invoices/${id}`)).json as Invoice;
  // No issue date: today; no exchange rate: the one in force on the issue date.
  const keys = [...FIELDS, ...TEXTS].filter(
    (k) => head[k] !== undefined && !((k === 'issueDate' || k === 'exchangeRate') && head[k] === null),
  );
  const line = (it: Record<string, any>) => ({
    description: it.description,
    quantity: it.quantity,
    rate: it.rate,
    // A line naming a tax rate is taxed at the rate's percentage, whatever percentage came with it.
    taxRate: it.taxRateId != null ? ctx.taxRate.rate : (it.taxRate ?? head.taxRate ?? got.taxRate),
    productId: it.productId ?? null,
    taxRateId: it.taxRateId ?? null,
  });
  return {
    actual: { ...Object.fromEntries(keys.map((k) => [k, (got as any)[k]])), items: (got.items ?? []).map(line) },
    expected: { ...Object.fromEntries(keys.map((k) => [k, head[k]])), items: items.map(line) },
  };
}

/** A generated quote made to fit the tenant: one of its customers and templates, the issue date not after validUntil. */
function fitQuote(v: Record<string, any>, ctx: Ctx) {
  const q: Record<string, any> = v.quote && typeof v.quote === 'object' ? { ...v.quote } : v.quote;
  if (q && typeof q === 'object') {
    q.customerId = ctx.customerIds[Math.abs(Number(q.customerId) || 0) % ctx.customerIds.length];
    if (typeof q.templateId === 'number') q.templateId = ctx.templateId;
    if (typeof q.issueDate === 'string' && typeof q.validUntil === 'string' && q.issueDate > q.validUntil)
      [q.issueDate, q.validUntil] = [q.validUntil, q.issueDate];
  }
  return { ...v, quote: q, items: fitItems(v.items, ctx) };
}

/**
 * A currency left out: a new record takes its customer's (the fuzzed tenants' customers and organization are in USD), a
 * replaced one keeps its own (checked by organization-currency.test.ts, so left out of the comparison here).
 */
const TENANT_CURRENCY = 'USD';
const currencyKept = (parsed: Record<string, any>, created: boolean) => parsed.currency === undefined && !created;

/** The stored quote beside what the contract made of the input: the fields sent, items in order. */
async function readQuote(
  client: { get(p: string): Promise<{ json: any }> },
  id: number,
  parsed: Record<string, any>,
  ctx: Ctx,
  created: boolean,
) {
  const got = (await client.get(`/api/quotes/${id}`)).json as Quote;
  const head = { ...(parsed.quote as Record<string, any>) };
  const kept = currencyKept(head, created);
  head.currency ??= TENANT_CURRENCY;
  const keys = ['customerId', 'validUntil', 'currency', 'discountAmount', 'shippingAmount', 'notes', 'terms', 'templateId']
    .filter((k) => !(k === 'currency' && kept))
    .concat(head.issueDate ? ['issueDate'] : []);
  const line = (it: Record<string, any>) => ({
    description: it.description,
    quantity: it.quantity,
    rate: it.rate,
    taxRate: it.taxRateId != null ? ctx.taxRate.rate : (it.taxRate ?? '0.00'),
    productId: it.productId ?? null,
    taxRateId: it.taxRateId ?? null,
  });
  return {
    actual: { ...Object.fromEntries(keys.map((k) => [k, (got as any)[k]])), items: (got.items ?? []).map(line) },
    expected: { ...Object.fromEntries(keys.map((k) => [k, head[k] ?? null])), items: (parsed.items as any[]).map(line) },
  };
}

/**
 * A generated schedule made to fit the tenant: one of its customers, no product (there is no catalog yet), a line
 * naming a tax rate names the tenant's own.
 */
function fitSchedule(v: Record<string, any>, ctx: Ctx) {
  const items = Array.isArray(v.items)
    ? fitItems(
        v.items.map((it: any) => (it && typeof it === 'object' ? { ...it, productId: null } : it)),
        ctx,
      )
    : v.items;
  return { ...v, customerId: ctx.customerIds[Math.abs(Number(v.customerId) || 0) % ctx.customerIds.length], items };
}

/** The stored schedule beside what the contract made of the input. */
async function readSchedule(
  client: { get(p: string): Promise<{ json: any }> },
  id: number,
  sent: Record<string, any>,
  ctx: Ctx,
  created: boolean,
) {
  const got = (await client.get(`/api/recurring-invoices/${id}`)).json as RecurringInvoice;
  const kept = currencyKept(sent, created);
  const parsed: Record<string, any> = { ...sent, currency: sent.currency ?? TENANT_CURRENCY };
  const keys = (['name', 'customerId', 'frequency', 'startDate', 'endDate', 'currency', 'autoSend', 'notes'] as const).filter(
    (k) => !(k === 'currency' && kept),
  );
  // A line naming a tax rate is taxed at the rate's percentage; one without is untaxed.
  const line = (it: any) => [
    it.description,
    it.quantity,
    it.unitPrice,
    it.taxRateId ?? null,
    it.taxRateId != null ? ctx.taxRate.rate : '0.00',
  ];
  const stored = (it: any) => [it.description, it.quantity, it.unitPrice, it.taxRateId, it.taxRate];
  return {
    actual: { ...Object.fromEntries(keys.map((k) => [k, got[k]])), items: got.items.map(stored) },
    expected: { ...Object.fromEntries(keys.map((k) => [k, parsed[k]])), items: parsed.items.map(line) },
  };
}

/** A list answer of either paging mode: an array of at most 500 rows (the largest limit). */
const listAnswer = (json: unknown) =>
  !Array.isArray(json) ? ['a list answer that is not an array'] : json.length > 500 ? [`${json.length} rows`] : [];

/** Hostile input of every billing route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'billing',
  file: 'services/billing/test/fuzz.matrix.ts',
  async setup(t, db) {
    const customers = [await makeCustomer(t.client), await makeCustomer(t.client)];
    const invoice = await makeInvoice(t.client, customers[0]!.id);
    const draft = await makeInvoice(t.client, customers[0]!.id);
    const sent = await makeInvoice(t.client, customers[1]!.id, { status: 'sent' });
    // The customers' read model and the organization arrive by events: the tenant's rows are at rest after that.
    await waitFor(
      async () =>
        (await db.query('select 1 from billing.customers where tenant_id = $1', [t.tenantId])).rowCount === 2 &&
        (await db.query('select 1 from billing.organizations where tenant_id = $1', [t.tenantId])).rowCount === 1,
    );
    const schedule = await makeSchedule(t.client, customers[0]!.id);
    const rate = await t.client.post('/api/tax-rates', {
      name: 'Fuzz VAT',
      jurisdiction: 'Fuzzland',
      rate: '17.5',
      startDate: '1000-01-01',
    });
    if (rate.status !== 201) throw new Error(`tax rate create failed: ${rate.status} ${rate.text}`);
    const quote = await makeQuote(t.client, customers[0]!.id);
    return {
      quoteId: quote.id,
      customerIds: customers.map((c) => c.id),
      invoiceId: invoice.id,
      draftId: draft.id,
      sentId: sent.id,
      scheduleId: schedule.id,
      taxRate: { id: rate.json.id, rate: rate.json.rate },
      ...(await templateFuzzSetup(t)),
      ...(await creditNoteFuzzSetup(t)),
    };
  },
  routes: {
    ...templateFuzzRoutes<Ctx>(),
    ...creditNoteFuzzRoutes<Ctx>(),
    ...emailTemplateFuzzRoutes<Ctx>(),
    'GET /api/exchange-rates': {
      answer: (json) => {
        const r = ExchangeRates.safeParse(json);
        return r.success ? [] : [`an answer outside ExchangeRates: ${r.error.message.slice(0, 300)}`];
      },
    },
    // The tenant's base is USD: a rate for EUR on the day sent (today without one) reads back as the rate in force then.
    'PUT /api/exchange-rates/:currency': {
      path: () => '/api/exchange-rates/EUR',
      readBack: async ({ parsed, client }) => {
        const day = parsed.date ?? new Date().toISOString().slice(0, 10);
        const got = (await client.get(`/api/exchange-rates?date=${day}`)).json as ExchangeRates;
        const eur = got.rates.find((r) => r.currency === 'EUR');
        return { actual: [eur?.rate, eur?.date, eur?.source], expected: [parsed.rate, day, 'manual'] };
      },
    },
    // Offset answers carry X-Total-Count, cursor answers (pagination=cursor) X-Has-More: the answer is checked as a list.
    'GET /api/invoices': { answer: listAnswer },
    // A download (XML or PDF), or a 422 naming what the format misses: no list, nothing to check in a 200's body here.
    'GET /api/invoices/:id/e-invoice': { path: (ctx) => `/api/invoices/${ctx.invoiceId}/e-invoice`, answer: () => [] },
    'PATCH /api/invoices/:id': {
      path: (ctx) => `/api/invoices/${ctx.draftId}`,
      fix: (v, ctx) => ({ ...fit(v, ctx), ...(v.items ? { items: fitItems(v.items, ctx) } : {}) }),
      readBack: async ({ parsed, client, ctx }) => {
        const r = await readInvoice(client, ctx.draftId, parsed, parsed.items ?? [], ctx);
        if (parsed.items) return r;
        const drop = ({ items: _, ...rest }: Record<string, unknown>) => rest;
        return { actual: drop(r.actual), expected: drop(r.expected) };
      },
    },
    'DELETE /api/invoices/:id': { path: (ctx) => `/api/invoices/${ctx.sentId}` },
    'GET /api/dashboard/stats': {
      // One object, not a list: the answer must meet its own contract.
      answer: (json) => {
        const r = DashboardStats.safeParse(json);
        return r.success ? [] : [`an answer outside DashboardStats: ${r.error.message.slice(0, 300)}`];
      },
    },
    'POST /api/invoices': {
      fix: (v, ctx) => ({ ...v, invoice: fit(v.invoice, ctx), items: fitItems(v.items, ctx) }),
      readBack: ({ parsed, answer, client, ctx }) =>
        readInvoice(
          client,
          answer.id,
          { ...parsed.invoice, status: undefined, invoiceNumber: parsed.invoice.invoiceNumber ?? undefined },
          parsed.items,
          ctx,
        ),
    },
    'PUT /api/invoices/:id': {
      path: (ctx) => `/api/invoices/${ctx.invoiceId}`,
      fix: (v, ctx) => ({ ...fit(v, ctx), items: fitItems(v.items, ctx) }),
      readBack: ({ parsed, client, ctx }) => readInvoice(client, ctx.invoiceId, parsed, parsed.items, ctx),
    },
    'GET /api/quotes': { answer: listAnswer },
    'POST /api/quotes': {
      fix: (v, ctx) => fitQuote(v, ctx),
      readBack: ({ parsed, answer, client, ctx }) => readQuote(client, answer.id, parsed, ctx, true),
    },
    'PUT /api/quotes/:id': {
      path: (ctx) => `/api/quotes/${ctx.quoteId}`,
      fix: (v, ctx) => fitQuote(v, ctx),
      readBack: ({ parsed, client, ctx }) => readQuote(client, ctx.quoteId, parsed, ctx, false),
    },
    'PATCH /api/quotes/:id': {
      path: (ctx) => `/api/quotes/${ctx.quoteId}`,
      fix: (v, ctx) => {
        const { quote, items } = fitQuote({ quote: v, items: v.items }, ctx);
        return { ...quote, ...(v.items ? { items } : {}) };
      },
    },
    // The context's quote is a draft: every answer recorded for it is refused (409) and leaves its rows as they were.
    'POST /api/quotes/:id/mark-accepted': { path: (ctx) => `/api/quotes/${ctx.quoteId}/mark-accepted` },
    'POST /api/quotes/:id/mark-declined': { path: (ctx) => `/api/quotes/${ctx.quoteId}/mark-declined` },
    'GET /api/recurring-invoices': { answer: listAnswer },
    'POST /api/recurring-invoices': {
      fix: (v, ctx) => fitSchedule(v, ctx),
      readBack: ({ parsed, answer, client, ctx }) => readSchedule(client, answer.id, parsed, ctx, true),
    },
    'PUT /api/recurring-invoices/:id': {
      path: (ctx) => `/api/recurring-invoices/${ctx.scheduleId}`,
      fix: (v, ctx) => fitSchedule(v, ctx),
      readBack: ({ parsed, client, ctx }) => readSchedule(client, ctx.scheduleId, parsed, ctx, false),
    },
    'PATCH /api/recurring-invoices/:id': { path: (ctx) => `/api/recurring-invoices/${ctx.scheduleId}` },
    'PUT /api/reminder-settings': {
      readBack: async ({ parsed, client }) => ({ actual: (await client.get('/api/reminder-settings')).json, expected: parsed }),
    },
    // Portal sessions only: the fuzzer's staff session is refused whatever the query, never a 5xx.
    'GET /api/portal/invoices': {},
    'GET /api/portal/statement.pdf': {},
  },
});
