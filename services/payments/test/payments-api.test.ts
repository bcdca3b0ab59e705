import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Payment } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startKeyedStack, type KeyedStack } from './support/keyed.ts';
import { sentInvoice } from './support/flow.ts';

let k: KeyedStack;
beforeAll(async () => {
  k = await startKeyedStack({ bus: 'nats' });
});
afterAll(() => k?.close());

const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const manual = async (c: HttpClient, invoiceId: number, amount: string) => {
  const r = await c.post('/api/payments', { invoiceId, amount, paymentMethod: 'bank_transfer' });
  expect(r.status, r.text).toBe(201);
  return r.json as Payment;
};
/** A card payment completed through Stripe (the SDK against the stand-in). */
async function cardPayment(token: string, amount: string) {
  const r = await k.anon().post('/api/create-payment-intent', { invoiceId: token, amount, currency: 'USD' });
  expect(r.status, r.text).toBe(200);
  const intent = r.json.paymentIntentId as string;
  k.stripe.succeed(intent);
  const confirmed = await k.anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId: intent });
  expect(confirmed.json, confirmed.text).toMatchObject({ success: true });
  return { intent, paymentId: confirmed.json.payment.id as number };
}

describe('POST /api/payments/:id/refund', () => {
  it('a manual payment: part, then the rest by default; the payment and billing’s invoice follow', async () => {
    const c = k.stack.client();
    const { invoice } = await sentInvoice(c, { rate: '100.00' });
    const p = await manual(c, invoice.id, '100.00');
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');

    const part = await c.post(`/api/payments/${p.id}/refund`, { amount: '30.00', reason: 'Damaged goods' });
    expect(part.status, part.text).toBe(200);
    expect(part.json).toMatchObject({ id: p.id, status: 'completed', refundedAmount: '30.00', amount: '100.00' });
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '70.00');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ status: 'sent', amountPaid: '70.00', balanceDue: '30.00' });

    const rest = await c.post(`/api/payments/${p.id}/refund`, {});
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'refunded');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ amountPaid: '0.00' });
    expect((await c.get(`/api/payments/${p.id}`)).json).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });

    // Nothing is left: a refunded payment is no longer completed.
    const again = await c.post(`/api/payments/${p.id}/refund`, { amount: '1.00' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'resource_state_invalid' });
  });

  it('more than is left is a 400 naming amount and changes nothing; bad bodies are 400s; another tenant’s payment is 404', async () => {
    const c = k.stack.client();
    const { invoice } = await sentInvoice(c, { rate: '50.00' });
    const p = await manual(c, invoice.id, '20.00');
    expect((await c.post(`/api/payments/${p.id}/refund`, { amount: '15.00' })).status).toBe(200);
    const over = await c.post(`/api/payments/${p.id}/refund`, { amount: '5.01' });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.json)).toContain('amount');
    expect(over.json.message).toContain('5.00 USD');
    for (const body of [{ amount: '-1' }, { amount: '1.001' }, { amount: 'ten' }, { amount: 0 }]) {
      const r = await c.post(`/api/payments/${p.id}/refund`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.json)).toContain('amount');
    }
    const unknown = await c.post(`/api/payments/${p.id}/refund`, { amount: '1.00', currency: 'USD' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain('currency');
    expect((await c.get(`/api/payments/${p.id}`)).json).toMatchObject({ refundedAmount: '15.00', status: 'completed' });

    const other = k.stack.client();
    await other.register();
    expect((await other.post(`/api/payments/${p.id}/refund`, { amount: '1.00' })).status).toBe(404);
    expect((await other.get(`/api/payments/${p.id}`)).status).toBe(404);
    expect((await c.get(`/api/payments/${p.id}`)).json).toMatchObject({ refundedAmount: '15.00' });
  });

  it('concurrent refunds of one payment never give back more than it took', async () => {
    const c = k.stack.client();
    const { invoice } = await sentInvoice(c, { rate: '100.00' });
    const p = await manual(c, invoice.id, '100.00');
    // 6 refunds of 20.00 at once: exactly 5 fit, whatever order the lock gives them.
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.post(`/api/payments/${p.id}/refund`, { amount: '20.00' })));
    const statuses = answers.map((a) => a.status).sort();
    const seen = JSON.stringify(answers.map((a) => [a.status, a.json?.message]));
    expect(
      statuses.filter((s) => s === 200),
      seen,
    ).toHaveLength(5);
    expect(
      statuses.filter((s) => s !== 200).every((s) => s === 400 || s === 409),
      seen,
    ).toBe(true);
    expect((await c.get(`/api/payments/${p.id}`)).json).toMatchObject({ refundedAmount: '100.00', status: 'refunded' });
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'refunded');
  });

  it('a Stripe payment is refunded through the SDK, with one idempotency key per step', async () => {
    const c = k.stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '80.00' });
    const { intent, paymentId } = await cardPayment(token, '80.00');
    const part = await c.post(`/api/payments/${paymentId}/refund`, { amount: '25.50' });
    expect(part.status, part.text).toBe(200);
    expect(part.json).toMatchObject({ refundedAmount: '25.50', status: 'completed' });
    const rest = await c.post(`/api/payments/${paymentId}/refund`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json).toMatchObject({ refundedAmount: '80.00', status: 'refunded' });
    expect(k.stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([2550, 5450]);
    const keys = k.stripe.calls.filter((x) => x.path === '/v1/refunds').map((x) => x.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(keys.every((x) => x?.startsWith('billpoint-refund-'))).toBe(true);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'refunded');
  });

  it('a PayPal capture is refunded through the server SDK; a processor refusal records nothing', async () => {
    const c = k.stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '30.00' });
    const order = await k.anon().post('/api/paypal/order', { invoiceId: token, amount: '30.00', currency: 'USD', intent: 'CAPTURE' });
    expect(order.status, order.text).toBe(200);
    k.paypal.approve(order.json.id);
    expect((await k.anon().post(`/api/paypal/order/${order.json.id}/capture`)).json.status).toBe('COMPLETED');
    const confirmed = await k.anon().post('/api/paypal/confirm-payment', {
      orderId: order.json.id,
      invoiceId: token,
      amount: '30.00',
      currency: 'USD',
    });
    expect(confirmed.json, confirmed.text).toMatchObject({ success: true });
    const paymentId = confirmed.json.payment.id as number;
    const captureId = k.paypal.orders.get(order.json.id)!.purchase_units[0]!.payments!.captures[0]!.id;

    const part = await c.post(`/api/payments/${paymentId}/refund`, { amount: '10.00' });
    expect(part.status, part.text).toBe(200);
    expect(k.paypal.refunds.filter((r) => r.captureId === captureId)).toEqual([
      { id: expect.any(String), captureId, requestId: expect.stringMatching(/^billpoint-refund-/), amount: '10.00' },
    ]);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '20.00');

    // The capture disappears at PayPal: the refund is refused there (502) and nothing is recorded.
    k.paypal.orders.delete(order.json.id);
    const refused = await c.post(`/api/payments/${paymentId}/refund`, { amount: '5.00' });
    expect(refused.status).toBe(502);
    expect((await c.get(`/api/payments/${paymentId}`)).json).toMatchObject({ refundedAmount: '10.00', status: 'completed' });
  });
});

describe('GET /api/payments and /api/payments/:id', () => {
  it('lists every payment of the tenant (offset) or one invoice’s, and pages by cursor, stable under inserts', async () => {
    const c = k.stack.client();
    const { invoice: a } = await sentInvoice(c, { rate: '1000.00' });
    const customer = (await c.get(`/api/invoices/${a.id}`)).json.customerId as number;
    const b = (
      await c.post('/api/invoices', {
        invoice: { customerId: customer, dueDate: a.dueDate },
        items: [{ description: 'B', quantity: '1', rate: '500' }],
      })
    ).json as Invoice;
    expect((await c.post(`/api/invoices/${b.id}/send`)).status).toBeLessThan(300);
    const made: Payment[] = [];
    for (let i = 1; i <= 5; i++) made.push(await manual(c, i % 2 ? a.id : b.id, `${i}.00`));
    const ids = made.map((p) => p.id).reverse(); // newest first

    const all = await c.get('/api/payments');
    expect(all.status).toBe(200);
    expect((all.json as Payment[]).map((p) => p.id)).toEqual(ids);
    expect(all.headers.get('x-total-count')).toBe('5');
    const ofA = (await c.get(`/api/payments?invoiceId=${a.id}`)).json as Payment[];
    expect(ofA.map((p) => p.amount)).toEqual(['1.00', '3.00', '5.00']); // the app's order: oldest first

    const page1 = await c.get('/api/payments?pagination=cursor&limit=2');
    expect((page1.json as Payment[]).map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect(page1.headers.get('x-has-more')).toBe('true');
    // A payment made while paging shows on no later page, and none is skipped.
    const newer = await manual(c, a.id, '6.00');
    const page2 = await c.get(`/api/payments?pagination=cursor&limit=2&starting_after=${ids[1]}`);
    expect((page2.json as Payment[]).map((p) => p.id)).toEqual(ids.slice(2, 4));
    const page3 = await c.get(`/api/payments?pagination=cursor&limit=2&starting_after=${ids[3]}`);
    expect((page3.json as Payment[]).map((p) => p.id)).toEqual(ids.slice(4));
    expect(page3.headers.get('x-has-more')).toBe('false');
    const before = await c.get(`/api/payments?pagination=cursor&limit=2&ending_before=${ids[0]}`);
    expect((before.json as Payment[]).map((p) => p.id)).toEqual([newer.id]);
    expect(before.headers.get('x-has-more')).toBe('false');
    const filtered = await c.get(`/api/payments?pagination=cursor&limit=10&invoiceId=${b.id}`);
    expect((filtered.json as Payment[]).map((p) => p.id)).toEqual([made[3]!.id, made[1]!.id]);
    expect((await c.get('/api/payments?pagination=cursor&starting_after=1&ending_before=2')).status).toBe(400);
    expect((await c.get('/api/payments?pagination=pages')).status).toBe(400);

    const one = await c.get(`/api/payments/${made[0]!.id}`);
    expect(one.json).toEqual(made[0]);
    expect((await c.get('/api/payments/abc')).status).toBe(400);
    const other = k.stack.client();
    await other.register();
    expect((await other.get(`/api/payments/${made[0]!.id}`)).status).toBe(404);
    expect((await other.get('/api/payments')).json).toEqual([]);
    expect((await other.get('/api/payments?pagination=cursor')).json).toEqual([]);
  });
});
