/**
 * Every operation of /api/v1 (proto publicApiRoutes) in three matrices: scopes (a key without the
 * operation's scope gets 403 scope_missing and changes nothing; a key with only that scope gets past it), isolation
 * (another organization's key with this organization's ids gets 404 resource_missing on every :id operation, and
 * its lists hold none of them), and fuzzing (valid and hostile bodies and queries: never a 5xx, every refusal with a
 * code of the documented list). A new operation without a case here fails the coverage test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validValues, waitFor } from '@billpoint/kit/testing';
import { hostile } from '../../services/kit/test/support/fuzz/hostile.ts';
import { hostileQuery } from '../../services/kit/test/support/fuzz/query.ts';
import { ApiErrorCodes, ApiKeyScopes, publicApiRoutes, type PublicApiRoute } from '@billpoint/proto';
import { startStack, type Stack } from './support/stack.ts';
import { apiClient, organization } from './support/public-api.ts';
import { choosePlan } from '../../services/payments/test/support/plans.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats', env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
});
afterAll(() => stack?.close());

const SEED = 2311;
const routeKey = (r: PublicApiRoute) => `${r.method} ${r.path}`;
const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** An organization with one of everything, made through the API itself. */
async function fixtures() {
  const o = await organization(stack);
  const { actualKey } = await o.makeKey({ permissions: ['*'] });
  const api = apiClient(stack, actualKey);
  const ok = (r: { status: number; json: any }, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.json)}`).toBeLessThan(300);
    return r.json;
  };
  const tag = `t${o.tenantId.slice(0, 8)}`;
  const customer = ok(await api.post('/api/v1/customers', { name: `Customer ${tag}`, email: `${tag}@example.com` }), 'customer');
  const spare = ok(await api.post('/api/v1/customers', { name: `Spare ${tag}`, email: `spare-${tag}@example.com` }), 'spare customer');
  const product = ok(await api.post('/api/v1/products', { name: `Product ${tag}`, price: '10.00' }), 'product');
  const invoiceBody = {
    invoice: { customerId: customer.id, dueDate },
    items: [{ description: `Work ${tag}`, quantity: '2', rate: '50.00' }],
  };
  const draft = ok(await api.post('/api/v1/invoices', invoiceBody), 'draft');
  const sent = ok(await api.post('/api/v1/invoices', invoiceBody), 'to send');
  ok(await api.post(`/api/v1/invoices/${sent.id}/send`), 'send');
  const payment = ok(
    await api.post('/api/v1/payments', { invoiceId: sent.id, amount: '10.00', paymentMethod: 'bank_transfer' }),
    'payment',
  );
  const quoteBody = {
    quote: { customerId: customer.id, validUntil: dueDate },
    items: [{ description: `Offer ${tag}`, quantity: '1', rate: '75.00' }],
  };
  const quote = ok(await api.post('/api/v1/quotes', quoteBody), 'quote');
  const spareQuote = ok(await api.post('/api/v1/quotes', quoteBody), 'quote to delete');
  const creditNote = ok(
    await api.post('/api/v1/credit-notes', { invoiceId: sent.id, reason: `Goodwill ${tag}`, resolution: 'reduce_balance', amount: '1.00' }),
    'credit note',
  );
  const rateBody = { name: `VAT ${tag}`, jurisdiction: 'DE', rate: '19', type: 'vat', startDate: '2026-01-01' };
  const taxRate = ok(await api.post('/api/v1/tax-rates', rateBody), 'tax rate');
  const spareRate = ok(await api.post('/api/v1/tax-rates', { ...rateBody, name: `Spare ${tag}` }), 'tax rate to delete');
  const scheduleBody = {
    name: `Retainer ${tag}`,
    customerId: customer.id,
    frequency: 'monthly',
    startDate: dueDate,
    items: [{ description: `Retainer ${tag}`, quantity: '1', unitPrice: '100.00' }],
  };
  const schedule = ok(await api.post('/api/v1/recurring-invoices', scheduleBody), 'recurring invoice');
  const spareSchedule = ok(await api.post('/api/v1/recurring-invoices', scheduleBody), 'recurring invoice to delete');
  const hook = ok(
    await api.post('/api/v1/webhooks', { name: `Hook ${tag}`, url: `https://example.com/${tag}`, events: ['invoice.paid'] }),
    'webhook',
  );
  const delivery = ok(await api.post(`/api/v1/webhooks/${hook.webhook.id}/test`), 'test delivery');
  // The customer's creation, once the webhook fan-out has logged it.
  const event = await waitFor(async () => (await api.get('/api/v1/events?type=customer.created')).json?.data?.[0] as { id: number });
  return {
    ...o,
    tag,
    api,
    actualKey,
    customer,
    spare,
    product,
    draft,
    sent,
    payment,
    creditNote,
    taxRate,
    spareRate,
    rateBody,
    webhook: hook.webhook,
    delivery,
    schedule,
    spareSchedule,
    scheduleBody,
    event,
    invoiceBody,
    quote,
    spareQuote,
    quoteBody,
  };
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;

/** Per operation: the id it acts on and a body it accepts. */
const cases: Record<
  string,
  { id?: (f: Fixtures) => number; body?: (f: Fixtures) => unknown; query?: (f: Fixtures) => Record<string, unknown> }
> = {
  'GET /customers': {},
  'POST /customers': { body: () => ({ name: 'New', email: 'new@example.com' }) },
  'GET /customers/:id': { id: (f) => f.customer.id },
  'PATCH /customers/:id': { id: (f) => f.customer.id, body: () => ({ phone: '+1 555 0100' }) },
  'DELETE /customers/:id': { id: (f) => f.spare.id },
  'GET /invoices': { query: (f) => ({ customerId: f.customer.id }) },
  'POST /invoices': { body: (f) => f.invoiceBody },
  'GET /invoices/:id': { id: (f) => f.sent.id },
  'PATCH /invoices/:id': { id: (f) => f.draft.id, body: () => ({ notes: 'Patched' }) },
  'DELETE /invoices/:id': { id: (f) => f.draft.id },
  'POST /invoices/:id/send': { id: (f) => f.sent.id },
  'GET /invoices/:id/pdf': { id: (f) => f.sent.id },
  'GET /invoices/:id/e-invoice': { id: (f) => f.sent.id, query: () => ({ format: 'ubl' }) },
  'POST /invoices/:id/void': { id: (f) => f.sent.id },
  'GET /quotes': { query: (f) => ({ customerId: f.customer.id }) },
  'POST /quotes': { body: (f) => f.quoteBody },
  'GET /quotes/:id': { id: (f) => f.quote.id },
  'PATCH /quotes/:id': { id: (f) => f.quote.id, body: () => ({ notes: 'Patched' }) },
  'DELETE /quotes/:id': { id: (f) => f.spareQuote.id },
  'POST /quotes/:id/send': { id: (f) => f.quote.id },
  'POST /quotes/:id/accept': { id: (f) => f.quote.id, body: () => ({ name: 'Ada Buyer' }) },
  'POST /quotes/:id/decline': { id: (f) => f.quote.id, body: () => ({ reason: 'Too dear' }) },
  'GET /quotes/:id/pdf': { id: (f) => f.quote.id },
  'POST /quotes/:id/convert': { id: (f) => f.quote.id },
  'GET /credit-notes': { query: (f) => ({ invoiceId: f.sent.id }) },
  'POST /credit-notes': { body: (f) => ({ invoiceId: f.sent.id, reason: 'Goodwill', resolution: 'reduce_balance', amount: '1.00' }) },
  'GET /credit-notes/:id': { id: (f) => f.creditNote.id },
  'GET /credit-notes/:id/pdf': { id: (f) => f.creditNote.id },
  'GET /credit-notes/:id/e-invoice': { id: (f) => f.creditNote.id, query: () => ({ format: 'ubl' }) },
  'GET /tax-rates': { query: () => ({ active: 'true' }) },
  'POST /tax-rates': { body: (f) => ({ ...f.rateBody, name: 'Another rate' }) },
  'GET /tax-rates/:id': { id: (f) => f.taxRate.id },
  'PATCH /tax-rates/:id': { id: (f) => f.taxRate.id, body: () => ({ description: 'Standard rate' }) },
  'DELETE /tax-rates/:id': { id: (f) => f.spareRate.id },
  'GET /recurring-invoices': { query: (f) => ({ customerId: f.customer.id, status: 'active' }) },
  'POST /recurring-invoices': { body: (f) => f.scheduleBody },
  'GET /recurring-invoices/:id': { id: (f) => f.schedule.id },
  'PUT /recurring-invoices/:id': { id: (f) => f.schedule.id, body: (f) => ({ ...f.scheduleBody, name: 'Renamed retainer' }) },
  'PATCH /recurring-invoices/:id': { id: (f) => f.schedule.id, body: () => ({ isActive: false }) },
  'DELETE /recurring-invoices/:id': { id: (f) => f.spareSchedule.id },
  'POST /recurring-invoices/:id/run': { id: (f) => f.schedule.id },
  'GET /payments': { query: (f) => ({ invoiceId: f.sent.id }) },
  'POST /payments': { body: (f) => ({ invoiceId: f.sent.id, amount: '1.00', paymentMethod: 'cash' }) },
  'GET /payments/:id': { id: (f) => f.payment.id },
  'POST /payments/:id/refund': { id: (f) => f.payment.id, body: () => ({ amount: '1.00' }) },
  'GET /products': {},
  'POST /products': { body: () => ({ name: 'New product', price: '5.00' }) },
  'GET /products/:id': { id: (f) => f.product.id },
  'PATCH /products/:id': { id: (f) => f.product.id, body: () => ({ price: '12.00' }) },
  'DELETE /products/:id': { id: (f) => f.product.id },
  'GET /webhooks': {},
  'POST /webhooks': { body: () => ({ name: 'Another', url: 'https://example.com/other', events: ['invoice.created'] }) },
  'GET /webhooks/:id': { id: (f) => f.webhook.id },
  'PATCH /webhooks/:id': { id: (f) => f.webhook.id, body: () => ({ name: 'Renamed' }) },
  'DELETE /webhooks/:id': { id: (f) => f.webhook.id },
  'GET /webhooks/:id/deliveries': { id: (f) => f.webhook.id },
  'POST /webhooks/:id/test': { id: (f) => f.webhook.id },
  'POST /webhooks/:id/rotate-secret': { id: (f) => f.webhook.id },
  'POST /webhooks/deliveries/:id/retry': { id: (f) => f.delivery.id },
  'GET /events': { query: () => ({ type: 'customer.created,invoice.sent', 'created[gte]': '2020-01-01T00:00:00Z' }) },
  'GET /events/:id': { id: (f) => f.event.id },
  'GET /analytics/dashboard': { query: () => ({ period: '30d' }) },
};

const pathOf = (r: PublicApiRoute, f: Fixtures, id?: number) =>
  `/api/v1${r.path.replace(':id', String(id ?? cases[routeKey(r)]!.id?.(f) ?? 1))}`;
const qs = (q?: Record<string, unknown>) => (q && Object.keys(q).length ? `?${new URLSearchParams(q as Record<string, string>)}` : '');
const codes = new Set(Object.keys(ApiErrorCodes));

// Each matrix walks every operation with keys of its own: minutes under a loaded machine, so their timeouts guard
// against a hang only.
describe('the public API matrices', () => {
  it('has a case for every operation of the route table', () => {
    expect(publicApiRoutes.map(routeKey).filter((k) => !cases[k])).toEqual([]);
    expect(Object.keys(cases).filter((k) => !publicApiRoutes.some((r) => routeKey(r) === k))).toEqual([]);
  });

  it('scopes: without its scope every operation is 403 scope_missing and changes nothing; with only its scope it passes', async () => {
    const f = await fixtures();
    await choosePlan(stack.db, f.admin, f.tenantId, 'enterprise'); // two keys per operation: more than a trial's five
    const problems: string[] = [];
    for (const r of publicApiRoutes) {
      const c = cases[routeKey(r)]!;
      const others = ApiKeyScopes.filter((s) => s !== '*' && s !== r.scope);
      const without = apiClient(stack, (await f.makeKey({ permissions: others })).actualKey);
      const res = await without.call(r.method, pathOf(r, f) + qs(c.query?.(f)), c.body ? { body: c.body(f) } : {});
      if (res.status !== 403 || res.json?.code !== 'scope_missing')
        problems.push(`${routeKey(r)} without ${r.scope}: ${res.status} ${res.json?.code}`);
    }
    // Nothing changed: the draft, the spare customer, the product and the webhook are all still there.
    for (const p of [
      `/api/v1/invoices/${f.draft.id}`,
      `/api/v1/customers/${f.spare.id}`,
      `/api/v1/products/${f.product.id}`,
      `/api/v1/webhooks/${f.webhook.id}`,
      `/api/v1/tax-rates/${f.spareRate.id}`,
    ])
      if ((await f.api.get(p)).status !== 200) problems.push(`${p} changed by a refused call`);
    // With only the scope: reads and writes first, deletions last (they remove what others act on).
    const order = [...publicApiRoutes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const r of order) {
      const c = cases[routeKey(r)]!;
      const only = apiClient(stack, (await f.makeKey({ permissions: [r.scope] })).actualKey);
      const res = await only.call(r.method, pathOf(r, f) + qs(c.query?.(f)), c.body ? { body: c.body(f) } : {});
      if (res.status === 403 || res.status >= 500)
        problems.push(`${routeKey(r)} with only ${r.scope}: ${res.status} ${JSON.stringify(res.json)}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("isolation: another organization's key finds none of this organization's ids, in any operation or list", async () => {
    const [a, b] = await Promise.all([fixtures(), fixtures()]);
    const problems: string[] = [];
    for (const r of publicApiRoutes) {
      const c = cases[routeKey(r)]!;
      if (r.path.includes(':id')) {
        // B's own body (its own ids inside) and query, aimed at A's id.
        const res = await b.api.call(r.method, pathOf(r, a) + qs(c.query?.(b)), c.body ? { body: c.body(b) } : {});
        if (res.status !== 404 || res.json?.code !== 'resource_missing')
          problems.push(`${routeKey(r)} on A's id: ${res.status} ${res.json?.code}`);
      } else if (r.method === 'GET' && r.list) {
        const res = await b.api.get(`/api/v1${r.path}?limit=100`);
        if (res.status !== 200 || JSON.stringify(res.json).includes(a.tag))
          problems.push(`${routeKey(r)}: ${res.status}, or lists A's rows`);
      } else if (r.method === 'POST' && c.body) {
        // B's creation naming A's customer or invoice is refused.
        const body = c.body(a);
        if (JSON.stringify(body).match(/"(customerId|invoiceId)"/)) {
          const res = await b.api.post(`/api/v1${r.path}`, body);
          if (res.status < 400 || res.status >= 500) problems.push(`${routeKey(r)} with A's ids in the body: ${res.status}`);
        }
      }
    }
    // A's rows are as they were.
    expect((await a.api.get(`/api/v1/invoices/${a.draft.id}`)).json.notes ?? null).toBe(a.draft.notes ?? null);
    expect((await a.api.get(`/api/v1/webhooks/${a.webhook.id}`)).json.name).toBe(`Hook ${a.tag}`);
    expect((await a.api.get(`/api/v1/payments/${a.payment.id}`)).json.refundedAmount).toBe('0.00');
    expect(problems).toEqual([]);
  }, 180_000);

  it('fuzz: valid and hostile bodies and queries never give a 5xx, and every refusal carries a documented code', async () => {
    const f = await fixtures();
    const problems: string[] = [];
    let sent = 0;
    for (const r of publicApiRoutes) {
      const c = cases[routeKey(r)]!;
      const path = pathOf(r, f);
      const check = (label: string, res: { status: number; json: any }) => {
        sent++;
        if (res.status >= 500) problems.push(`${routeKey(r)} ${label}: ${res.status} ${JSON.stringify(res.json)}`);
        else if (res.status >= 400 && !codes.has(res.json?.code)) problems.push(`${routeKey(r)} ${label}: ${res.status} without a code`);
      };
      if (r.body && r.method !== 'DELETE') {
        const base = c.body!(f) as Record<string, unknown>;
        const generated = fc.sample(validValues(r.body), { numRuns: 3, seed: SEED }) as Record<string, unknown>[];
        for (const v of generated) check(`valid ${JSON.stringify(v).slice(0, 120)}`, await f.api.call(r.method, path, { body: v }));
        for (const h of fc.sample(hostile(base), { numRuns: 12, seed: SEED }))
          check(
            h.label.slice(0, 120),
            await f.api.call(r.method, path, { raw: h.bytes, headers: h.contentType ? { 'content-type': h.contentType } : {} }),
          );
      }
      if (r.method === 'GET' && r.produces !== 'application/pdf')
        for (const q of fc.sample(hostileQuery(c.query?.(f) ?? {}), { numRuns: 8, seed: SEED }))
          check(`?${q.qs.slice(0, 120)}`, await f.api.get(`${path}?${q.qs}`));
    }
    console.info(`public API fuzz: ${publicApiRoutes.length} operations, ${sent} requests`);
    expect(problems).toEqual([]);
  }, 300_000);
});
