import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Payment, PortalPayment } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import type { Stack } from '../../../gateway/test/support/stack.ts';
import type { StripeStandIn } from './support/stripe-stand-in.ts';
import { startKeyedStack, type KeyedStack } from './support/keyed.ts';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';
import { invoiceOf, portalClient, receiptsOf } from './support/portal.ts';

let keyed: KeyedStack;
let stack: Stack;
let stripe: StripeStandIn;
let paypal: KeyedStack['paypal'];
beforeAll(async () => {
  keyed = await startKeyedStack();
  ({ stack, stripe, paypal } = keyed);
});

/** A tenant with a portal customer and sent invoices of these amounts. */
async function portalTenant(...rates: string[]) {
  const c = stack.client();
  const { organization } = await c.register();
  const customer = await makeCustomer(c, { email: 'portal@example.test' });
  const invoices = [];
  for (const rate of rates)
    invoices.push(await makeInvoice(c, customer.id, { items: [{ description: 'Work', quantity: '1', rate }], status: 'sent' }));
  return {
    c,
    tenantId: organization.id,
    customer,
    invoices,
    portal: portalClient(stack.services.payments!.url, organization.id, customer.id),
  };
}
afterAll(() => keyed?.close());

describe('the portal pays several invoices through PayPal (the real server SDK against a local stand-in)', () => {
  it('one order for the total, captured once approved; confirming twice completes once; a balance that fell refuses the capture', async () => {
    const t = await portalTenant('40.00', '2.50');
    const [a, b] = t.invoices as [Invoice, Invoice];
    const pp = (await t.portal.post('/api/portal/payments', { invoiceIds: [a.id, b.id], method: 'paypal' })).json as PortalPayment;
    expect(pp).toMatchObject({ total: '42.50', demoMode: false, paypalOrderId: expect.any(String) });
    const order = paypal.orders.get(pp.paypalOrderId!)!;
    expect(order.purchase_units[0]).toMatchObject({ custom_id: pp.id, amount: { currency_code: 'USD', value: '42.50' } });
    // Not approved yet: 402, nothing recorded.
    expect((await t.portal.post(`/api/portal/payments/${pp.id}/confirm`, {})).status).toBe(402);
    paypal.approve(pp.paypalOrderId!);
    const [one, two] = await Promise.all([
      t.portal.post(`/api/portal/payments/${pp.id}/confirm`, {}),
      t.portal.post(`/api/portal/payments/${pp.id}/confirm`, {}),
    ]);
    expect([one.json.success, two.json.success]).toEqual([true, true]);
    const payments = (await t.c.get('/api/payments')).json as Payment[];
    expect(payments.map((p) => [p.invoiceId, p.amount, p.paymentMethod]).sort()).toEqual(
      [
        [a.id, '40.00', 'paypal'],
        [b.id, '2.50', 'paypal'],
      ].sort(),
    );
    expect((await receiptsOf(stack, t.tenantId)).map((r) => [r.id, r.total, r.paymentMethod])).toEqual([[pp.id, '42.50', 'paypal']]);

    // Another: B's balance falls before the capture → 409, the order is never captured.
    const u = await portalTenant('10.00', '5.00');
    const [x, y] = u.invoices as [Invoice, Invoice];
    const second = (await u.portal.post('/api/portal/payments', { invoiceIds: [x.id, y.id], method: 'paypal' })).json as PortalPayment;
    expect((await u.c.post('/api/payments', { invoiceId: y.id, amount: '1.00', paymentMethod: 'cash' })).status).toBe(201);
    paypal.approve(second.paypalOrderId!);
    const refused = await u.portal.post(`/api/portal/payments/${second.id}/confirm`, {});
    expect([refused.status, refused.json.message]).toEqual([
      409,
      `Invoice ${y.invoiceNumber} no longer has 5.00 USD to pay. Nothing was charged.`,
    ]);
    expect(paypal.orders.get(second.paypalOrderId!)!.status).toBe('APPROVED');
  });
});

describe('the portal pays several invoices through Stripe (the real SDK against a local stand-in)', () => {
  it('one intent for the total; confirm + webhook → completed once; a balance that fell meanwhile is refunded, not counted', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const customer = await makeCustomer(c, { email: 'portal@example.test' });
    const sent = (rate: string) => makeInvoice(c, customer.id, { items: [{ description: 'Work', quantity: '1', rate }], status: 'sent' });
    const a = await sent('120.00');
    const b = await sent('30.50');
    const portal = portalClient(stack.services.payments!.url, organization.id, customer.id);

    const opened = await portal.post('/api/portal/payments', { invoiceIds: [a.id, b.id] });
    expect(opened.status).toBe(201);
    const pp = opened.json as PortalPayment;
    expect(pp).toMatchObject({ total: '150.50', demoMode: false, clientSecret: expect.stringContaining('_secret_') });
    const intent = [...stripe.intents.values()].find((i) => i.client_secret === pp.clientSecret)!;
    expect(intent).toMatchObject({ amount: 15050, currency: 'usd', metadata: { portalPaymentId: pp.id, tenantId: organization.id } });

    // Not paid yet: confirming records nothing; a card number is refused outside demo mode.
    const early = await portal.post(`/api/portal/payments/${pp.id}/confirm`, {});
    expect(early.json).toMatchObject({ success: false, payment: { status: 'pending' } });
    expect((await portal.post(`/api/portal/payments/${pp.id}/confirm`, { cardNumber: '4242424242424242' })).status).toBe(400);

    // Meanwhile 10.00 of B is paid by hand; then the card payment succeeds at Stripe.
    expect((await c.post('/api/payments', { invoiceId: b.id, amount: '10.00', paymentMethod: 'cash' })).status).toBe(201);
    stripe.succeed(intent.id);
    const event = keyed.webhook('payment_intent.succeeded', stripe.intents.get(intent.id));
    const answers = await Promise.all([
      portal.post(`/api/portal/payments/${pp.id}/confirm`, {}),
      keyed.deliver(event),
      keyed.deliver(event),
      portal.post(`/api/portal/payments/${pp.id}/confirm`, {}),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0]!.json).toMatchObject({ success: true, payment: { status: 'completed' } });

    const payments = (await c.get('/api/payments')).json as Payment[];
    expect(payments.map((p) => [p.invoiceId, p.amount, p.status, p.paymentProcessor]).sort()).toEqual(
      [
        [a.id, '120.00', 'completed', 'stripe'],
        [b.id, '10.00', 'completed', 'manual'],
        [b.id, '20.50', 'completed', 'stripe'],
      ].sort(),
    );
    // The 10.00 no longer due went back through Stripe, once.
    expect(stripe.refunds.filter((r) => r.payment_intent === intent.id).map((r) => [r.amount, r.metadata.portalPaymentId])).toEqual([
      [1000, pp.id],
    ]);
    await waitFor(async () => (await invoiceOf(c, a.id)).status === 'paid' && (await invoiceOf(c, b.id)).status === 'paid');
    const receipts = (await receiptsOf(stack, organization.id)).filter((r) => r.id === pp.id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ total: '140.50', customerId: customer.id });
    expect(receipts[0]!.allocations.map((x) => [x.invoiceId, x.amount]).sort()).toEqual(
      [
        [a.id, '120.00'],
        [b.id, '20.50'],
      ].sort(),
    );
  });
});

describe('receipts of pay-page payments through the processors', () => {
  it('a Stripe payment confirmed and delivered by webhook twice announces one receipt', async () => {
    const t = await portalTenant('25.00');
    const [inv] = t.invoices as [Invoice];
    const token = ((await t.c.get(`/api/invoices/${inv.id}`)).json as Invoice).publicToken!;
    const created = await keyed.anon().post('/api/create-payment-intent', { invoiceId: token, amount: '25.00', currency: 'USD' });
    const id = created.json.paymentIntentId as string;
    stripe.succeed(id);
    const event = keyed.webhook('payment_intent.succeeded', stripe.intents.get(id));
    await Promise.all([keyed.deliver(event), keyed.anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId: id })]);
    await keyed.deliver(keyed.webhook('payment_intent.succeeded', stripe.intents.get(id)));
    const [payment] = (await t.c.get(`/api/payments?invoiceId=${inv.id}`)).json as Payment[];
    expect(await receiptsOf(stack, t.tenantId)).toEqual([
      {
        id: `p-${payment!.id}`,
        customerId: t.customer.id,
        currency: 'USD',
        total: '25.00',
        paymentMethod: 'credit_card',
        paidAt: expect.any(String),
        allocations: [{ paymentId: payment!.id, invoiceId: inv.id, invoiceNumber: inv.invoiceNumber, amount: '25.00' }],
      },
    ]);
  });
});
