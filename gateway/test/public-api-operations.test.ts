/**
 * What each /api/v1 operation does, called with a key as an integrator would: cursor lists stable under
 * concurrent inserts, the invoice filters, partial updates, drafts-only changes, send, PDF, void, payments and
 * refunds, products, webhook endpoints and their deliveries, the dashboard's figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './support/stack.ts';
import { apiClient, organization, walk } from './support/public-api.ts';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startReceiver } from '../../services/integrations/test/support.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats', env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
});
afterAll(() => stack?.close());

const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const fresh = async () => {
  const o = await organization(stack);
  const { actualKey } = await o.makeKey({ permissions: ['*'] });
  return { ...o, api: apiClient(stack, actualKey) };
};

describe('the operations of /api/v1', () => {
  it('pages customers by cursor, newest first; a customer created between two pages is on neither', async () => {
    const { api } = await fresh();
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await api.post('/api/v1/customers', { name: `C${i}`, email: `c${i}@example.com` })).json.id);
    const first = await api.get('/api/v1/customers?limit=3');
    expect(first.json).toMatchObject({ object: 'list', has_more: true });
    expect(first.json.data.map((c: { id: number }) => c.id)).toEqual(made.slice(-3).reverse());
    const late = (await api.post('/api/v1/customers', { name: 'Late', email: 'late@example.com' })).json.id;
    const rest = await walk<{ id: number }>(api, '/api/v1/customers', 3, first.json.data.at(-1).id);
    expect(rest.map((c) => c.id)).toEqual(made.slice(0, 4).reverse());
    expect(rest.some((c) => c.id === late)).toBe(false);
    const back = await api.get(`/api/v1/customers?limit=2&ending_before=${made[3]}`);
    expect([back.json.data.map((c: { id: number }) => c.id), back.json.has_more]).toEqual([[made[5], made[4]], true]);
  });

  it('updates a customer partially and deletes it', async () => {
    const { api } = await fresh();
    const c = (await api.post('/api/v1/customers', { name: 'Ada', email: 'ada@example.com', phone: '+1 555 0100' })).json;
    const patched = await api.patch(`/api/v1/customers/${c.id}`, { company: 'Analytical Engines' });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: 'Ada', email: 'ada@example.com', phone: '+1 555 0100', company: 'Analytical Engines' });
    const bad = await api.patch(`/api/v1/customers/${c.id}`, { email: 'nope' });
    expect([bad.status, bad.json.code, bad.json.param]).toEqual([400, 'parameter_invalid', 'email']);
    expect((await api.delete(`/api/v1/customers/${c.id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/customers/${c.id}`)).status).toBe(404);
  });

  it('filters invoices by customer, status and creation time; changes and deletes drafts only; sends, voids and renders them', async () => {
    const { api } = await fresh();
    const [ada, bob] = [
      (await api.post('/api/v1/customers', { name: 'Ada', email: 'ada@example.com' })).json,
      (await api.post('/api/v1/customers', { name: 'Bob', email: 'bob@example.com' })).json,
    ];
    const since = new Date().toISOString();
    const invoice = (customerId: number) =>
      api.post('/api/v1/invoices', { invoice: { customerId, dueDate }, items: [{ description: 'Work', quantity: '2', rate: '50.00' }] });
    const a1 = (await invoice(ada.id)).json;
    const a2 = (await invoice(ada.id)).json;
    const b1 = (await invoice(bob.id)).json;
    const ids = (r: { json: { data: { id: number }[] } }) => r.json.data.map((i) => i.id);
    expect(ids(await api.get(`/api/v1/invoices?customerId=${ada.id}`))).toEqual([a2.id, a1.id]);
    expect(ids(await api.get(`/api/v1/invoices?createdFrom=${encodeURIComponent(since)}`))).toEqual([b1.id, a2.id, a1.id]);
    expect(ids(await api.get(`/api/v1/invoices?createdTo=${encodeURIComponent(since)}`))).toEqual([]);

    const patched = await api.patch(`/api/v1/invoices/${a1.id}`, {
      notes: 'Thanks',
      items: [{ description: 'More work', quantity: '3', rate: '50.00' }],
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect(patched.json).toMatchObject({ notes: 'Thanks', total: '150.00', customerId: ada.id });
    expect((await api.post(`/api/v1/invoices/${a1.id}/send`)).json.status).toBe('sent');
    expect(ids(await api.get('/api/v1/invoices?status=sent'))).toEqual([a1.id]);
    const late = await api.patch(`/api/v1/invoices/${a1.id}`, { notes: 'Too late' });
    expect([late.status, late.json.code]).toEqual([409, 'resource_state_invalid']);
    const gone = await api.delete(`/api/v1/invoices/${a1.id}`);
    expect([gone.status, gone.json.code]).toEqual([409, 'resource_state_invalid']);
    expect((await api.delete(`/api/v1/invoices/${a2.id}`)).status).toBe(204);

    const pdf = await api.get(`/api/v1/invoices/${a1.id}/pdf`);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.bytes.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    // E-invoices: the organization has no VAT id yet, so every format names BT-31; an unknown format or parameter is a 400.
    const eInvoice = await api.get(`/api/v1/invoices/${a1.id}/e-invoice?format=xrechnung`);
    expect([eInvoice.status, eInvoice.json.code]).toEqual([422, 'request_unprocessable']);
    expect(eInvoice.json.issues).toContainEqual({
      path: 'seller.vatId',
      bt: 'BT-31',
      message: 'Seller VAT identifier (BT-31) is required',
    });
    const badFormat = await api.get(`/api/v1/invoices/${a1.id}/e-invoice?format=pdf`);
    expect([badFormat.status, badFormat.json.param]).toEqual([400, 'format']);
    const unknownParam = await api.get(`/api/v1/invoices/${a1.id}/e-invoice?format=ubl&lang=de`);
    expect([unknownParam.status, unknownParam.json.code, unknownParam.json.param]).toEqual([400, 'parameter_unknown', 'lang']);
    const draftVoid = await api.post(`/api/v1/invoices/${b1.id}/void`);
    expect([draftVoid.status, draftVoid.json.code]).toEqual([409, 'resource_state_invalid']);
    const voided = await api.post(`/api/v1/invoices/${a1.id}/void`);
    expect([voided.status, voided.json.status]).toEqual([200, 'cancelled']);
    // A cancelled invoice is not e-mailed again as if it were due.
    const resend = await api.post(`/api/v1/invoices/${a1.id}/send`);
    expect([resend.status, resend.json.code]).toEqual([409, 'resource_state_invalid']);
  });

  it('issues a credit note for a sent invoice, reads and lists it by invoice, renders it; refuses a draft and too much', async () => {
    const { api } = await fresh();
    const ada = (await api.post('/api/v1/customers', { name: 'Ada', email: 'ada@example.com' })).json;
    const invoice = async () =>
      (
        await api.post('/api/v1/invoices', {
          invoice: { customerId: ada.id, dueDate },
          items: [{ description: 'Work', quantity: '2', rate: '50.00' }],
        })
      ).json;
    const sent = await invoice();
    const other = await invoice();
    const draft = await invoice();
    await api.post(`/api/v1/invoices/${sent.id}/send`);
    await api.post(`/api/v1/invoices/${other.id}/send`);
    const made = await api.post('/api/v1/credit-notes', {
      invoiceId: sent.id,
      reason: 'Goodwill',
      resolution: 'reduce_balance',
      amount: '30.00',
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({ invoiceId: sent.id, resolution: 'reduce_balance', total: '30.00' });
    await api.post('/api/v1/credit-notes', { invoiceId: other.id, reason: 'Other', resolution: 'reduce_balance', amount: '5.00' });
    expect((await api.get(`/api/v1/credit-notes/${made.json.id}`)).json).toMatchObject({
      id: made.json.id,
      creditNoteNumber: made.json.creditNoteNumber,
    });
    const listed = await api.get(`/api/v1/credit-notes?invoiceId=${sent.id}`);
    expect(listed.json).toMatchObject({ object: 'list', has_more: false });
    expect(listed.json.data.map((n: { id: number }) => n.id)).toEqual([made.json.id]);
    expect((await api.get('/api/v1/credit-notes?limit=1')).json).toMatchObject({ has_more: true });
    const pdf = await api.get(`/api/v1/credit-notes/${made.json.id}/pdf`);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.bytes.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    const eInvoice = await api.get(`/api/v1/credit-notes/${made.json.id}/e-invoice?format=ubl`);
    expect([eInvoice.status, eInvoice.json?.code]).toEqual([422, 'request_unprocessable']); // no seller VAT id yet
    const ofDraft = await api.post('/api/v1/credit-notes', {
      invoiceId: draft.id,
      reason: 'No',
      resolution: 'reduce_balance',
      amount: '1.00',
    });
    expect([ofDraft.status, ofDraft.json.code]).toEqual([409, 'resource_state_invalid']);
    const tooMuch = await api.post('/api/v1/credit-notes', {
      invoiceId: sent.id,
      reason: 'More',
      resolution: 'reduce_balance',
      amount: '80.00',
    });
    expect([tooMuch.status, tooMuch.json.code, tooMuch.json.param]).toEqual([400, 'parameter_invalid', 'amount']);
    const unknownField = await api.post('/api/v1/credit-notes', {
      invoiceId: sent.id,
      reason: 'X',
      resolution: 'reduce_balance',
      amount: '1',
      note: 'x',
    });
    expect([unknownField.status, unknownField.json.code, unknownField.json.param]).toEqual([400, 'parameter_unknown', 'note']);
  });

  it('records a payment, lists and gets it, refunds part then the rest, and refuses more', async () => {
    const { api } = await fresh();
    const c = (await api.post('/api/v1/customers', { name: 'Ada', email: 'ada@example.com' })).json;
    const inv = (
      await api.post('/api/v1/invoices', {
        invoice: { customerId: c.id, dueDate },
        items: [{ description: 'W', quantity: '1', rate: '100.00' }],
      })
    ).json;
    await api.post(`/api/v1/invoices/${inv.id}/send`);
    const over = await api.post('/api/v1/payments', { invoiceId: inv.id, amount: '100.01', paymentMethod: 'cash' });
    expect([over.status, over.json.param]).toEqual([400, 'amount']);
    const paid = await api.post('/api/v1/payments', {
      invoiceId: inv.id,
      amount: '60.00',
      paymentMethod: 'bank_transfer',
      reference: 'TX-1',
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    const list = await api.get(`/api/v1/payments?invoiceId=${inv.id}`);
    expect([list.json.data.map((p: { id: number }) => p.id), list.json.has_more]).toEqual([[paid.json.id], false]);
    expect((await api.get(`/api/v1/payments/${paid.json.id}`)).json).toMatchObject({ amount: '60.00', reference: 'TX-1' });
    const part = await api.post(`/api/v1/payments/${paid.json.id}/refund`, { amount: '20.00' });
    expect([part.status, part.json.refundedAmount]).toEqual([200, '20.00']);
    const tooMuch = await api.post(`/api/v1/payments/${paid.json.id}/refund`, { amount: '40.01' });
    expect([tooMuch.status, tooMuch.json.param]).toEqual([400, 'amount']);
    const rest = await api.post(`/api/v1/payments/${paid.json.id}/refund`, {});
    expect([rest.status, rest.json.refundedAmount, rest.json.status]).toEqual([200, '60.00', 'refunded']);
  });

  it('creates, lists by cursor, reads, patches and deletes tax rates; an invoice line names one by id', async () => {
    const { api, makeKey } = await fresh();
    const body = { name: 'USt 19 %', jurisdiction: 'DE', rate: '19', type: 'vat', startDate: '2026-01-01' };
    const made = [];
    for (const rate of ['19', '7', '0']) {
      const r = await api.post('/api/v1/tax-rates', { ...body, name: `USt ${rate} %`, rate });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      made.push(r.json);
    }
    expect(made.map((r) => [r.rate, r.category])).toEqual([
      ['19.00', 'S'],
      ['7.00', 'S'],
      ['0.00', 'Z'],
    ]);
    const first = await api.get('/api/v1/tax-rates?limit=2');
    expect(first.json).toMatchObject({ object: 'list', has_more: true });
    expect(first.json.data.map((r: { id: number }) => r.id)).toEqual([made[2].id, made[1].id]);
    const rest = await api.get(`/api/v1/tax-rates?limit=2&starting_after=${made[1].id}`);
    expect([rest.json.data.map((r: { id: number }) => r.id), rest.json.has_more]).toEqual([[made[0].id], false]);
    expect((await api.get(`/api/v1/tax-rates/${made[0].id}`)).json).toMatchObject({ id: made[0].id, name: 'USt 19 %' });
    const customer = (await api.post('/api/v1/customers', { name: 'Ada', email: 'ada@example.com' })).json;
    const invoice = await api.post('/api/v1/invoices', {
      invoice: { customerId: customer.id, dueDate },
      items: [{ description: 'Work', quantity: '1', rate: '100.00', taxRateId: made[1].id }],
    });
    expect(invoice.json).toMatchObject({ taxAmount: '7.00', total: '107.00' });
    const bad = await api.post('/api/v1/tax-rates', { ...body, rate: 'lots' });
    expect([bad.status, bad.json.param]).toEqual([400, 'rate']);
    // PATCH: the fields given; the invoice made with the rate keeps its figures.
    const patched = await api.patch(`/api/v1/tax-rates/${made[1].id}`, { rate: '7.7', description: 'Reduced' });
    expect(patched.json).toMatchObject({ id: made[1].id, name: 'USt 7 %', rate: '7.70', description: 'Reduced' });
    expect((await api.get(`/api/v1/invoices/${invoice.json.id}`)).json).toMatchObject({ taxAmount: '7.00', total: '107.00' });
    const late = await api.patch(`/api/v1/tax-rates/${made[1].id}`, { endDate: '2000-01-01' });
    expect([late.status, late.json.param]).toEqual([400, 'endDate']);
    expect((await api.delete(`/api/v1/tax-rates/${made[2].id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/tax-rates/${made[2].id}`)).status).toBe(404);
    // The invoice scopes do not reach tax rates: they have their own.
    const invoicesOnly = apiClient(stack, (await makeKey({ permissions: ['invoices:read', 'invoices:write'] })).actualKey);
    const refused = await invoicesOnly.get('/api/v1/tax-rates');
    expect([refused.status, refused.json.code]).toEqual([403, 'scope_missing']);
  });

  it('creates, changes and deletes products', async () => {
    const { api } = await fresh();
    const p = await api.post('/api/v1/products', { name: 'Widget', price: '10.00', sku: 'W-1' });
    expect(p.status).toBe(201);
    const patched = await api.patch(`/api/v1/products/${p.json.id}`, { price: '12.50' });
    expect(patched.json).toMatchObject({ name: 'Widget', sku: 'W-1', price: '12.50' });
    const yen = await api.patch(`/api/v1/products/${p.json.id}`, { currency: 'JPY' });
    expect([yen.status, yen.json.param]).toEqual([400, 'price']);
    expect((await api.get('/api/v1/products')).json.data.map((x: { id: number }) => x.id)).toEqual([p.json.id]);
    expect((await api.delete(`/api/v1/products/${p.json.id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/products/${p.json.id}`)).status).toBe(404);
  });

  it('manages webhook endpoints, sends a test event and lists its delivery', async () => {
    const { api } = await fresh();
    const made = await api.post('/api/v1/webhooks', { name: 'Hook', url: 'https://example.com/hook', events: ['invoice.paid'] });
    expect([made.status, made.json.secret]).toEqual([201, expect.stringMatching(/^whsec_/)]);
    const id = made.json.webhook.id;
    const patched = await api.patch(`/api/v1/webhooks/${id}`, { events: ['invoice.paid', 'customer.created'] });
    expect(patched.json).toMatchObject({ name: 'Hook', url: 'https://example.com/hook', events: ['invoice.paid', 'customer.created'] });
    expect((await api.get('/api/v1/webhooks')).json.data.map((w: { id: number }) => w.id)).toEqual([id]);
    const test = await api.post(`/api/v1/webhooks/${id}/test`);
    expect([test.status, test.json.eventType]).toEqual([200, 'webhook.test']);
    const deliveries = await api.get(`/api/v1/webhooks/${id}/deliveries`);
    expect(deliveries.json.data.map((d: { id: number }) => d.id)).toContain(test.json.id);
    expect((await api.delete(`/api/v1/webhooks/${id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/webhooks/${id}`)).status).toBe(404);
  });

  it('rotates an endpoint secret and sends a failed delivery again, through a key', async () => {
    const { api } = await fresh();
    // Refuses the first attempt, takes the next ones.
    const r = await startReceiver((_req, n, res) => (n === 1 ? res.writeHead(503).end('down') : res.end('ok')));
    try {
      const made = await api.post('/api/v1/webhooks', { name: 'Hook', url: `${r.url}/in`, events: ['invoice.paid'], retryAttempts: 3 });
      const id = made.json.webhook.id;
      const rotated = await api.post(`/api/v1/webhooks/${id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      expect(rotated.json.secret).toMatch(/^whsec_/);
      expect(rotated.json.secret).not.toBe(made.json.secret);
      expect(Date.parse(rotated.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
      const failed = await api.post(`/api/v1/webhooks/${id}/test`);
      expect(failed.json).toMatchObject({ status: 'retrying', attempts: 1 });
      const again = await api.post(`/api/v1/webhooks/deliveries/${failed.json.id}/retry`);
      expect(again.json).toMatchObject({ id: failed.json.id, status: 'success', attempts: 2 });
      // Both attempts carry the same webhook-id; during the overlap both secrets verify the signature.
      expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([
        r.received[0]!.headers['webhook-id'],
        r.received[0]!.headers['webhook-id'],
      ]);
      const got = r.received.at(-1)!;
      for (const secret of [made.json.secret, rotated.json.secret])
        expect(new StandardWebhook(secret).verify(got.body, got.headers as never)).toMatchObject({ type: 'webhook.test' });
      const done = await api.post(`/api/v1/webhooks/deliveries/${failed.json.id}/retry`);
      expect([done.status, done.json.param]).toEqual([400, 'id']);
    } finally {
      await r.close();
    }
  });

  it('manages recurring invoices: create, list by cursor, replace, pause and resume, run once, and list the invoices they generated', async () => {
    const { api, makeKey } = await fresh();
    const customer = (await api.post('/api/v1/customers', { name: 'Retainer client', email: 'retainer@example.com' })).json;
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const body = {
      name: 'Monthly retainer',
      customerId: customer.id,
      frequency: 'monthly',
      startDate: day(30),
      items: [{ description: 'Retainer', quantity: '2', unitPrice: '150.00' }],
    };
    const made = [];
    for (const name of ['First', 'Second', 'Third']) {
      const r = await api.post('/api/v1/recurring-invoices', { ...body, name });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      made.push(r.json);
    }
    expect(made[0]).toMatchObject({ name: 'First', customerId: customer.id, isActive: true, total: '300.00', nextInvoiceDate: day(30) });
    const first = await api.get(`/api/v1/recurring-invoices?limit=2&customerId=${customer.id}`);
    expect([first.json.data.map((s: { name: string }) => s.name), first.json.has_more]).toEqual([['Third', 'Second'], true]);
    const rest = await api.get(`/api/v1/recurring-invoices?limit=2&starting_after=${first.json.data[1].id}`);
    expect([rest.json.data.map((s: { name: string }) => s.name), rest.json.has_more]).toEqual([['First'], false]);
    expect(first.json.data[0].items).toHaveLength(1);
    const bad = await api.get('/api/v1/recurring-invoices?frequency=daily');
    expect([bad.status, bad.json.param]).toEqual([400, 'frequency']);

    // Replaced with a start in the past: the run generates every period due, once.
    const id = made[0].id;
    const replaced = await api.call('PUT', `/api/v1/recurring-invoices/${id}`, {
      body: { ...body, name: 'Catch-up', startDate: day(-40) },
    });
    expect(replaced.json).toMatchObject({ id, name: 'Catch-up', startDate: day(-40) });
    const run = await api.post(`/api/v1/recurring-invoices/${id}/run`);
    expect(run.status, JSON.stringify(run.json)).toBe(200);
    const generated = run.json.generated as number;
    expect(generated).toBeGreaterThanOrEqual(1);
    expect((await api.post(`/api/v1/recurring-invoices/${id}/run`)).json.generated).toBe(0);
    const invoices = await api.get(`/api/v1/invoices?recurringInvoiceId=${id}&limit=100`);
    expect(invoices.json.data).toHaveLength(generated);
    expect(
      invoices.json.data.every((i: { recurringInvoiceId: number; total: string }) => i.recurringInvoiceId === id && i.total === '300.00'),
    ).toBe(true);
    expect((await api.get(`/api/v1/invoices?recurringInvoiceId=${made[1].id}`)).json.data).toEqual([]);

    // Paused: nothing runs; resumed: it goes on from today, the paused periods not generated.
    expect((await api.patch(`/api/v1/recurring-invoices/${id}`, { isActive: false })).json).toMatchObject({ isActive: false });
    const paused = await api.post(`/api/v1/recurring-invoices/${id}/run`);
    expect([paused.status, paused.json.code]).toEqual([409, 'resource_state_invalid']);
    const resumed = await api.patch(`/api/v1/recurring-invoices/${id}`, { isActive: true });
    expect(resumed.json.isActive).toBe(true);
    expect(resumed.json.nextInvoiceDate >= day(0)).toBe(true);
    expect((await api.get(`/api/v1/invoices?recurringInvoiceId=${id}&limit=100`)).json.data).toHaveLength(generated);

    // Deleted: gone from the list; its invoices stay.
    expect((await api.delete(`/api/v1/recurring-invoices/${id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/recurring-invoices/${id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/invoices?recurringInvoiceId=${id}&limit=100`)).json.data).toHaveLength(generated);

    // Their own scopes: an invoice key reads no schedules.
    const invoicesOnly = apiClient(stack, (await makeKey({ permissions: ['invoices:read'] })).actualKey);
    const refused = await invoicesOnly.get('/api/v1/recurring-invoices');
    expect([refused.status, refused.json.code]).toEqual([403, 'scope_missing']);
  });

  it("answers the dashboard's figures for a period and a currency", async () => {
    const { api } = await fresh();
    const r = await api.get('/api/v1/analytics/dashboard?period=30d&currency=usd');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ period: '30d', currency: 'USD', totalInvoices: 0 });
    const bad = await api.get('/api/v1/analytics/dashboard?period=2w');
    expect([bad.status, bad.json.code, bad.json.param]).toEqual([400, 'parameter_invalid', 'period']);
  });
});
