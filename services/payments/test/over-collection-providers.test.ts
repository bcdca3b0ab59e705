import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Payment, PublicInvoice } from '@billpoint/proto';
import { startJob, type ServiceContext } from '@billpoint/kit';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { Ledger } from '../src/modules/payment/ledger.ts';
import { processorRefunds } from '../src/modules/payment/overpayment.ts';
import { paymentExpiryJob } from '../src/modules/payment/expiry.ts';
import { stripeClient } from '../src/modules/providers/stripe.ts';
import type { Config } from '../src/config.ts';
import { startKeyedStack, type KeyedStack } from './support/keyed.ts';
import { sentInvoice } from './support/flow.ts';

let k: KeyedStack;
beforeAll(async () => {
  k = await startKeyedStack();
});
afterAll(() => k?.close());

const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const paymentsOf = async (c: HttpClient, id: number) => (await c.get(`/api/payments?invoiceId=${id}`)).json as Payment[];
const openIntent = async (token: string, amount: string) => {
  const r = await k.anon().post('/api/create-payment-intent', { invoiceId: token, amount, currency: 'USD' });
  expect(r.status, r.text).toBe(200);
  return r.json.paymentIntentId as string;
};
const succeeded = (id: string) => k.webhook('payment_intent.succeeded', k.stripe.succeed(id));

describe('money a processor took beyond the balance is an overpayment, refunded', () => {
  it('Stripe: a late webhook of an old intent → overpaid (never counted), refunded once through Stripe', async () => {
    const c = k.stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '50.00' });
    const [a, b] = [await openIntent(token, '50.00'), await openIntent(token, '30.00')];
    k.stripe.succeed(a);
    expect((await k.anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId: a })).json).toMatchObject({ success: true });

    // The payer of the other tab paid too: Stripe took 30.00 the invoice has no room for.
    const late = succeeded(b);
    expect((await k.deliver(late)).status).toBe(200);
    const confirmAnswer = await k.anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId: b });
    expect(confirmAnswer.json).toMatchObject({ success: false, payment: { status: 'overpaid' }, invoice: { amountPaid: '50.00' } });
    expect(k.stripe.refunds.filter((r) => r.payment_intent === b)).toEqual([
      { id: expect.any(String), payment_intent: b, amount: 3000, metadata: expect.objectContaining({ reason: 'overpayment' }) },
    ]);
    const key = k.stripe.calls.find((x) => x.path === '/v1/refunds')!.idempotencyKey;
    expect(key).toMatch(/^billpoint-overpayment-/);

    // Stripe's own refund notice changes nothing more; the overpayment never counts.
    const charge = { id: `ch_${b}`, object: 'charge', payment_intent: b, amount: 3000, amount_refunded: 3000, currency: 'usd' };
    expect((await k.deliver(k.webhook('charge.refunded', charge))).status).toBe(200);
    const rows = await paymentsOf(c, invoice.id);
    expect(rows.map((p) => [p.amount, p.status, p.refundedAmount])).toEqual([
      ['50.00', 'completed', '0.00'],
      ['30.00', 'overpaid', '30.00'],
    ]);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ amountPaid: '50.00', balanceDue: '0.00' });
    expect((await k.anon().get(`/api/invoices/${token}/public`)).json as PublicInvoice).toMatchObject({ amountPaid: '50.00' });
    expect(k.stripe.refunds.filter((r) => r.payment_intent === b)).toHaveLength(1);
  });

  it('Stripe: the expiry job cancels an abandoned intent at Stripe; one paid meanwhile lands as a payment (it fits)', async () => {
    const c = k.stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '40.00' });
    const [abandoned, paidLate] = [await openIntent(token, '10.00'), await openIntent(token, '20.00')];
    k.stripe.succeed(paidLate); // the card went through, the webhook is still on its way
    const ctx = k.stack.services.payments!.ctx as unknown as ServiceContext;
    const stripe = stripeClient(ctx.config as unknown as Config);
    const at = Date.now() + 61 * 60_000;
    const job = paymentExpiryJob(ctx, new Ledger(ctx, processorRefunds(stripe, null)), stripe, {
      intervalMs: 60_000,
      ttlMinutes: 60,
      now: () => new Date(at),
    });
    const runner = startJob(
      { orm: ctx.orm, schema: ctx.schema, logger: ctx.logger, now: () => new Date(at), autoStart: false },
      {
        ...job,
        name: 'payment-expiry-stripe-test',
      },
    );
    try {
      expect(await runner.tick()).toBe(true);
    } finally {
      await runner.stop();
    }
    expect(k.stripe.intents.get(abandoned)!.status).toBe('canceled');
    // Stripe would not cancel the paid one: the job applied it without waiting for its webhook, which then changes nothing.
    const settled = [
      ['10.00', 'cancelled'],
      ['20.00', 'completed'],
    ];
    expect((await paymentsOf(c, invoice.id)).map((p) => [p.amount, p.status])).toEqual(settled);
    expect((await k.deliver(k.webhook('payment_intent.succeeded', k.stripe.intents.get(paidLate)))).status).toBe(200);
    expect((await paymentsOf(c, invoice.id)).map((p) => [p.amount, p.status])).toEqual(settled);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '20.00');
  });

  it('PayPal: a capture that no longer fits is refused before PayPal is asked; a capture completed meanwhile is refunded', async () => {
    const c = k.stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '30.00' });
    const order = async (amount: string) => {
      const r = await k.anon().post('/api/paypal/order', { invoiceId: token, amount, currency: 'USD', intent: 'CAPTURE' });
      expect(r.status, r.text).toBe(200);
      k.paypal.approve(r.json.id);
      return r.json.id as string;
    };
    const confirm = (orderId: string, amount: string) =>
      k.anon().post('/api/paypal/confirm-payment', { orderId, invoiceId: token, amount, currency: 'USD' });
    const [x, y, z] = [await order('30.00'), await order('30.00'), await order('10.00')];
    // x and y are both captured while the invoice still has room; x is confirmed first.
    expect((await k.anon().post(`/api/paypal/order/${x}/capture`)).json.status).toBe('COMPLETED');
    expect((await k.anon().post(`/api/paypal/order/${y}/capture`)).json.status).toBe('COMPLETED');
    expect((await confirm(x, '30.00')).json).toMatchObject({ success: true, invoice: { amountPaid: '30.00' } });
    expect((await confirm(y, '30.00')).json).toMatchObject({ success: false, payment: { status: 'overpaid' } });
    const captureY = k.paypal.orders.get(y)!.purchase_units[0]!.payments!.captures[0]!.id;
    expect(k.paypal.refunds).toEqual([
      { id: expect.any(String), captureId: captureY, requestId: expect.stringMatching(/^billpoint-overpayment-/) },
    ]);

    // z: nothing left, so it is never captured.
    const captures = () => k.paypal.calls.filter((call) => call.path === `/v2/checkout/orders/${z}/capture`).length;
    const refused = await k.anon().post(`/api/paypal/order/${z}/capture`);
    expect([refused.status, refused.json.message]).toEqual([409, 'This invoice is already paid']);
    expect(captures()).toBe(0);
    expect((await k.anon().post(`/api/paypal/order/${z}/capture`)).status).toBe(409);
    expect((await paymentsOf(c, invoice.id)).map((p) => [p.amount, p.status, p.refundedAmount])).toEqual([
      ['30.00', 'completed', '0.00'],
      ['30.00', 'overpaid', '30.00'],
      ['10.00', 'cancelled', '0.00'],
    ]);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
    expect((await invoiceOf(c, invoice.id)).amountPaid).toBe('30.00');
  });
});
