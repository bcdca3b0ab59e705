import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Payment, PaymentConfirmation, PublicInvoice } from '@billpoint/proto';
import { toMills } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { Stack } from '../../../gateway/test/support/stack.ts';
import type { StripeStandIn } from './support/stripe-stand-in.ts';
import type { startPaypalStandIn } from './support/paypal-stand-in.ts';
import { startKeyedStack, type KeyedStack } from './support/keyed.ts';
import { sentInvoice } from './support/flow.ts';

let keyed: KeyedStack;
let stack: Stack;
let stripe: StripeStandIn;
let paypal: Awaited<ReturnType<typeof startPaypalStandIn>>;

beforeAll(async () => {
  keyed = await startKeyedStack();
  ({ stack, stripe, paypal } = keyed);
});
afterAll(() => keyed?.close());

const anon = () => keyed.anon();
const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const webhook: KeyedStack['webhook'] = (...a) => keyed.webhook(...a);
const deliver: KeyedStack['deliver'] = (w) => keyed.deliver(w);

describe('card payments through Stripe (the real SDK against a local stand-in)', () => {
  it('offers card and PayPal without demo mode; confirm + webhook + retries → one payment; partial then final → paid', async () => {
    const c = stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '120.00' });
    const pub = (await anon().get(`/api/invoices/${token}/public`)).json as PublicInvoice;
    expect(pub.payment).toEqual({
      demoMode: false,
      card: true,
      paypal: true,
      stripePublishableKey: 'pk_test_billpoint',
      paypalClientId: 'paypal-client',
    });

    const created = await anon().post('/api/create-payment-intent', { invoiceId: token, amount: '20.00', currency: 'USD' });
    expect(created.status).toBe(200);
    const { paymentIntentId, clientSecret, demoMode } = created.json as {
      paymentIntentId: string;
      clientSecret: string;
      demoMode: boolean;
    };
    expect(demoMode).toBe(false);
    expect(clientSecret).toBe(stripe.intents.get(paymentIntentId)!.client_secret);
    expect(stripe.intents.get(paymentIntentId)).toMatchObject({
      amount: 2000,
      currency: 'usd',
      metadata: { invoiceId: String(invoice.id) },
    });
    expect(stripe.calls.find((x) => x.path === '/v1/payment_intents')!.idempotencyKey).toMatch(/^billpoint-payment-/);

    // Not paid yet: confirming records nothing. A card number is refused outside demo mode.
    const early = await anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId });
    expect(early.json as PaymentConfirmation).toMatchObject({ success: false, payment: { status: 'pending' } });
    expect((await anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId, cardNumber: '4242424242424242' })).status).toBe(
      400,
    );

    stripe.succeed(paymentIntentId);
    const event = webhook('payment_intent.succeeded', stripe.intents.get(paymentIntentId));
    const answers = await Promise.all([
      anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId }),
      deliver(event),
      deliver(event),
      anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const payments = (await c.get(`/api/payments?invoiceId=${invoice.id}`)).json as Payment[];
    expect(payments.map((p) => [p.amount, p.status, p.paymentProcessor, p.transactionId])).toEqual([
      ['20.00', 'completed', 'stripe', paymentIntentId],
    ]);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '20.00');

    // The rest by webhook only (the payer closed the tab before the page confirmed).
    const rest = (await anon().post('/api/create-payment-intent', { invoiceId: token, amount: '100.00', currency: 'USD' })).json;
    stripe.succeed(rest.paymentIntentId);
    expect((await deliver(webhook('payment_intent.succeeded', stripe.intents.get(rest.paymentIntentId)))).status).toBe(200);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ amountPaid: '120.00', balanceDue: '0.00' });

    // A full refund of both charges → refunded.
    for (const id of [paymentIntentId, rest.paymentIntentId]) {
      const intent = stripe.intents.get(id)!;
      const charge = {
        id: `ch_${id}`,
        object: 'charge',
        payment_intent: id,
        amount: intent.amount,
        amount_refunded: intent.amount,
        currency: 'usd',
      };
      expect((await deliver(webhook('charge.refunded', charge))).status).toBe(200);
    }
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'refunded');
    expect((await invoiceOf(c, invoice.id)).amountPaid).toBe('0.00');
  });

  it('charges each currency in its ISO 4217 minor unit: yen without decimals, dinars in fils', async () => {
    for (const [currency, rate, exchangeRate, minor] of [
      ['JPY', '51', '0.0067', 51],
      ['KWD', '1.01', '3.25', 1010],
      // A third decimal that two-decimal storage would round to 1.01: kept, charged as 1005 fils and paid in full.
      ['KWD', '1.005', '3.25', 1005],
      ['BHD', '0.125', '2.45', 125],
    ] as const) {
      const c = stack.client();
      const { invoice, token } = await sentInvoice(c, { rate, currency, exchangeRate });
      expect(toMills(invoice.total)).toBe(toMills(rate));
      // The balance the pay page offers is the whole amount, to the fil.
      const offered = (await anon().get(`/api/invoices/${token}/public`)).json as PublicInvoice;
      expect(toMills(offered.balanceDue)).toBe(toMills(rate));
      const created = await anon().post('/api/create-payment-intent', { invoiceId: token, amount: offered.balanceDue, currency });
      expect(created.status, created.text).toBe(200);
      const { paymentIntentId } = created.json as { paymentIntentId: string };
      expect(stripe.intents.get(paymentIntentId)).toMatchObject({ amount: minor, currency: currency.toLowerCase() });
      stripe.succeed(paymentIntentId);
      expect((await deliver(webhook('payment_intent.succeeded', stripe.intents.get(paymentIntentId)))).status).toBe(200);
      await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
      const paid = await invoiceOf(c, invoice.id);
      expect(toMills(paid.amountPaid)).toBe(toMills(rate));
      expect(toMills(paid.balanceDue)).toBe(0n);
      const [payment] = (await c.get(`/api/payments?invoiceId=${invoice.id}`)).json as { amount: string; status: string }[];
      expect(payment).toMatchObject({ status: 'completed' });
      expect(toMills(payment!.amount)).toBe(toMills(rate));
    }
  });

  it('refuses unsigned, wrongly signed, stale and replayed webhooks, and intents that do not match their attempt', async () => {
    const c = stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '30.00' });
    const { paymentIntentId } = (await anon().post('/api/create-payment-intent', { invoiceId: token, amount: '30.00', currency: 'USD' }))
      .json;
    stripe.succeed(paymentIntentId);
    const object = stripe.intents.get(paymentIntentId);
    expect((await deliver({ payload: webhook('payment_intent.succeeded', object).payload })).status).toBe(400);
    expect((await deliver(webhook('payment_intent.succeeded', object, { secret: 'whsec_other' }))).status).toBe(400);
    const stale = webhook('payment_intent.succeeded', object, { at: Math.floor(Date.now() / 1000) - 301 });
    expect((await deliver(stale)).status).toBe(400);
    expect((await c.get(`/api/payments?invoiceId=${invoice.id}`)).json[0].status).toBe('pending');

    // The processor reports a different amount than the attempt: nothing is recorded.
    stripe.tamper(paymentIntentId, { amount: 1 });
    expect((await deliver(webhook('payment_intent.succeeded', stripe.intents.get(paymentIntentId)))).status).toBe(200);
    const tampered = await anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId });
    expect(tampered.status).toBe(400);
    expect((await c.get(`/api/payments?invoiceId=${invoice.id}`)).json[0].status).toBe('pending');

    // A replay of a valid delivery is acknowledged and changes nothing.
    stripe.tamper(paymentIntentId, { amount: 3000 });
    const good = webhook('payment_intent.succeeded', stripe.intents.get(paymentIntentId), { id: 'evt_replayed' });
    expect((await deliver(good)).json).toEqual({ received: true });
    expect((await deliver(good)).json).toEqual({ received: true, duplicate: true });
    expect(((await c.get(`/api/payments?invoiceId=${invoice.id}`)).json as Payment[]).map((p) => p.status)).toEqual(['completed']);

    // A declined card: payment.failed and a 402 with Stripe's message.
    const { invoice: inv2, token: token2 } = await sentInvoice(stack.client(), { rate: '10.00' });
    const second = (await anon().post('/api/create-payment-intent', { invoiceId: token2, amount: '10.00', currency: 'USD' })).json;
    stripe.decline(second.paymentIntentId, 'Your card has insufficient funds.');
    const declined = await anon().post('/api/confirm-payment', { invoiceId: token2, paymentIntentId: second.paymentIntentId });
    expect([declined.status, declined.json.message]).toEqual([402, 'Your card has insufficient funds.']);
    void inv2;
  });
});

describe('PayPal orders (the real server SDK against a local stand-in)', () => {
  it('sets up, creates an order for a checked amount, captures on approval, confirms once, and the invoice is paid', async () => {
    const c = stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '75.50' });
    const setup = await anon().get('/api/paypal/setup');
    expect(setup.json).toMatchObject({ clientToken: expect.stringMatching(/^A21_/), clientId: 'paypal-client', demoMode: false });
    expect((await anon().post('/api/paypal/order', { invoiceId: token, amount: '75.51', currency: 'USD', intent: 'CAPTURE' })).status).toBe(
      400,
    );
    expect(
      (await anon().post('/api/paypal/order', { invoiceId: token, amount: '75.50', currency: 'USD', intent: 'AUTHORIZE' })).status,
    ).toBe(400);
    const order = await anon().post('/api/paypal/order', { invoiceId: token, amount: '75.50', currency: 'USD', intent: 'CAPTURE' });
    expect(order.status).toBe(200);
    const orderId = order.json.id as string;
    expect(paypal.orders.get(orderId)!.purchase_units[0]!.amount).toEqual({ currency_code: 'USD', value: '75.50' });

    // Not approved yet: capture fails and confirming records nothing.
    expect((await anon().post(`/api/paypal/order/${orderId}/capture`)).status).toBe(402);
    const body = { orderId, invoiceId: token, amount: '75.50', currency: 'USD' };
    expect((await anon().post('/api/paypal/confirm-payment', body)).status).toBe(402);
    expect((await anon().post(`/api/paypal/order/UNKNOWN123/capture`)).status).toBe(404);

    paypal.approve(orderId);
    expect((await anon().post(`/api/paypal/order/${orderId}/capture`)).json.status).toBe('COMPLETED');
    expect((await anon().post('/api/paypal/confirm-payment', { ...body, amount: '1.00' })).status).toBe(400);
    const [a, b] = await Promise.all([anon().post('/api/paypal/confirm-payment', body), anon().post('/api/paypal/confirm-payment', body)]);
    expect([a.json.success, b.json.success]).toEqual([true, true]);
    expect(((await c.get(`/api/payments?invoiceId=${invoice.id}`)).json as Payment[]).map((p) => [p.paymentMethod, p.status])).toEqual([
      ['paypal', 'completed'],
    ]);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
  });
});
