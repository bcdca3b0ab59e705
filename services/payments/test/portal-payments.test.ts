import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DECLINE_CARD, DEMO_SUCCESS_CARD, HOST_TENANT_HEADER, type Payment, type PortalPayment } from '@billpoint/proto';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';
import type { ServiceContext } from '@billpoint/kit';
import { invoiceOf, portalClient, receiptsOf, staffClient } from './support/portal.ts';
import { runPaymentExpiry } from '../src/modules/payment/expiry.ts';
import { Ledger } from '../src/modules/payment/ledger.ts';
import { processorRefunds } from '../src/modules/payment/overpayment.ts';
import { expirePortalPayments } from '../src/modules/portal-payment/portal-payment.expiry.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const paymentsUrl = () => stack.services.payments!.url;

/** A tenant with a customer holding two sent invoices (and another customer with one), and the customer's portal. */
async function portalTenant(o: { currencies?: [string, string] } = {}) {
  const c = stack.client();
  const { organization } = await c.register();
  const customer = await makeCustomer(c, { email: 'portal@example.test' });
  const other = await makeCustomer(c, { email: 'other@example.test' });
  const [cur1, cur2] = o.currencies ?? ['USD', 'USD'];
  const sent = (customerId: number, rate: string, currency: string) =>
    makeInvoice(c, customerId, {
      invoice: { currency, ...(currency === 'USD' ? {} : { exchangeRate: '1.1' }) },
      items: [{ description: 'Work', quantity: '1', rate }],
      status: 'sent',
    });
  const a = await sent(customer.id, '100.00', cur1);
  const b = await sent(customer.id, '50.25', cur2);
  const foreign = await sent(other.id, '10.00', 'USD');
  const draft = await makeInvoice(c, customer.id, { items: [{ description: 'Draft', quantity: '1', rate: '5' }] });
  return {
    c,
    tenantId: organization.id,
    a,
    b,
    foreign,
    draft,
    portal: portalClient(paymentsUrl(), organization.id, customer.id),
  };
}

describe('the portal pays several invoices at once (demo mode)', () => {
  it('pays two invoices in one payment: two payments, one receipt with two allocations, confirming twice completes once', async () => {
    const t = await portalTenant();
    const opened = await t.portal.post('/api/portal/payments', { invoiceIds: [t.b.id, t.a.id] });
    expect(opened.status).toBe(201);
    const pp = opened.json as PortalPayment;
    expect(pp).toMatchObject({ status: 'pending', currency: 'USD', total: '150.25', demoMode: true, clientSecret: null });
    expect(pp.allocations).toEqual([
      { invoiceId: t.b.id, invoiceNumber: t.b.invoiceNumber, amount: '50.25' },
      { invoiceId: t.a.id, invoiceNumber: t.a.invoiceNumber, amount: '100.00' },
    ]);

    const declined = await t.portal.post(`/api/portal/payments/${pp.id}/confirm`, { cardNumber: DEMO_DECLINE_CARD });
    expect([declined.status, declined.json.message]).toEqual([402, 'Your card was declined.']);
    const again = await t.portal.post('/api/portal/payments', { invoiceIds: [t.a.id, t.b.id] });
    const id = (again.json as PortalPayment).id;
    const bad = await t.portal.post(`/api/portal/payments/${id}/confirm`, { cardNumber: '4242424242424241' });
    expect(bad.status).toBe(400);

    const confirm = () => t.portal.post(`/api/portal/payments/${id}/confirm`, { cardNumber: DEMO_SUCCESS_CARD });
    const [one, two] = await Promise.all([confirm(), confirm()]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const third = await confirm();
    expect(third.json).toMatchObject({ success: true, demoMode: true, payment: { id, status: 'completed', total: '150.25' } });
    expect(third.json.paymentStatuses).toHaveLength(2);
    expect((await t.portal.get(`/api/portal/payments/${id}`)).json).toMatchObject({ id, status: 'completed' });

    await waitFor(async () => (await invoiceOf(t.c, t.a.id)).status === 'paid' && (await invoiceOf(t.c, t.b.id)).status === 'paid');
    const payments = (await t.c.get('/api/payments')).json as Payment[];
    expect(payments.map((p) => [p.invoiceId, p.amount, p.status]).sort()).toEqual(
      [
        [t.a.id, '100.00', 'completed'],
        [t.b.id, '50.25', 'completed'],
      ].sort(),
    );
    const receipts = await receiptsOf(stack, t.tenantId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ id, customerId: t.a.customerId, currency: 'USD', total: '150.25', paymentMethod: 'credit_card' });
    expect(receipts[0]!.allocations.map((x) => [x.invoiceId, x.invoiceNumber, x.amount]).sort()).toEqual(
      [
        [t.a.id, t.a.invoiceNumber, '100.00'],
        [t.b.id, t.b.invoiceNumber, '50.25'],
      ].sort(),
    );
    // Paid now: a new payment of them is refused, naming the invoice.
    const paid = await t.portal.post('/api/portal/payments', { invoiceIds: [t.a.id] });
    expect([paid.status, paid.json.message]).toEqual([422, `Invoice ${t.a.invoiceNumber} is already paid`]);
  });

  it("refuses another customer's invoice, a draft and an unknown id (404), mixed currencies (422), staff tokens (403)", async () => {
    const t = await portalTenant({ currencies: ['USD', 'EUR'] });
    for (const ids of [[t.a.id, t.foreign.id], [t.draft.id], [999_999]]) {
      const r = await t.portal.post('/api/portal/payments', { invoiceIds: ids });
      expect([r.status, r.json.message], String(ids)).toEqual([404, 'Invoice not found']);
    }
    const mixed = await t.portal.post('/api/portal/payments', { invoiceIds: [t.a.id, t.b.id] });
    expect([mixed.status, mixed.json.message]).toEqual([422, 'Invoices in different currencies must be paid separately']);
    const twice = await t.portal.post('/api/portal/payments', { invoiceIds: [t.a.id, t.a.id] });
    expect(twice.status).toBe(400);
    const staff = await staffClient(paymentsUrl(), t.tenantId).post('/api/portal/payments', { invoiceIds: [t.a.id] });
    expect(staff.status).toBe(403);
    // Another customer of the same tenant cannot read or confirm this customer's payment.
    const pp = (await t.portal.post('/api/portal/payments', { invoiceIds: [t.a.id] })).json as PortalPayment;
    const otherPortal = portalClient(paymentsUrl(), t.tenantId, t.foreign.customerId);
    expect((await otherPortal.get(`/api/portal/payments/${pp.id}`)).status).toBe(404);
    expect((await otherPortal.post(`/api/portal/payments/${pp.id}/confirm`, { cardNumber: DEMO_SUCCESS_CARD })).status).toBe(404);
  });

  it('a balance lowered meanwhile: 409 naming the invoice, and nothing is written', async () => {
    const t = await portalTenant();
    const pp = (await t.portal.post('/api/portal/payments', { invoiceIds: [t.a.id, t.b.id] })).json as PortalPayment;
    const manual = await t.c.post('/api/payments', { invoiceId: t.b.id, amount: '10.00', paymentMethod: 'cash' });
    expect(manual.status).toBe(201);
    const refused = await t.portal.post(`/api/portal/payments/${pp.id}/confirm`, { cardNumber: DEMO_SUCCESS_CARD });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`Invoice ${t.b.invoiceNumber} no longer has 50.25 USD to pay. Nothing was charged.`);
    const payments = (await t.c.get('/api/payments')).json as Payment[];
    expect(payments.map((p) => [p.invoiceId, p.amount])).toEqual([[t.b.id, '10.00']]);
    expect((await t.portal.get(`/api/portal/payments/${pp.id}`)).json).toMatchObject({ status: 'cancelled' });
    // Only the manual payment's receipt.
    expect((await receiptsOf(stack, t.tenantId)).map((r) => r.id)).toEqual([`p-${payments[0]!.id}`]);
  });
});

describe('receipts from every path', () => {
  it('a pay-page payment and a manual payment each announce one receipt of one allocation', async () => {
    const t = await portalTenant();
    const anon = new HttpClient(stack.url);
    const intent = await anon.post('/api/create-payment-intent', { invoiceId: t.a.publicToken, amount: '40.00', currency: 'USD' });
    const confirm = () =>
      anon.post('/api/confirm-payment', {
        invoiceId: t.a.publicToken,
        paymentIntentId: intent.json.paymentIntentId,
        cardNumber: DEMO_SUCCESS_CARD,
      });
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBe(200);
    const manual = await t.c.post('/api/payments', {
      invoiceId: t.b.id,
      amount: '50.25',
      paymentMethod: 'bank_transfer',
      paymentDate: '2026-11-20',
    });
    const [card] = ((await t.c.get(`/api/payments?invoiceId=${t.a.id}`)).json as Payment[]).filter((p) => p.status === 'completed');
    const receipts = await receiptsOf(stack, t.tenantId);
    expect(receipts).toEqual([
      {
        id: `p-${card!.id}`,
        customerId: t.a.customerId,
        currency: 'USD',
        total: '40.00',
        paymentMethod: 'credit_card',
        paidAt: expect.any(String),
        allocations: [{ paymentId: card!.id, invoiceId: t.a.id, invoiceNumber: t.a.invoiceNumber, amount: '40.00' }],
      },
      {
        id: `p-${manual.json.id}`,
        customerId: t.b.customerId,
        currency: 'USD',
        total: '50.25',
        paymentMethod: 'bank_transfer',
        paidAt: '2026-11-20T00:00:00.000Z',
        allocations: [{ paymentId: manual.json.id, invoiceId: t.b.id, invoiceNumber: t.b.invoiceNumber, amount: '50.25' }],
      },
    ]);
  });
});

describe('public pay routes on a custom domain (HOST_TENANT_HEADER)', () => {
  it("answers 404 for another tenant's token, as for an unknown one", async () => {
    const t = await portalTenant();
    const other = await portalTenant();
    const direct = new HttpClient(paymentsUrl());
    const body = { invoiceId: t.a.publicToken, amount: '1.00', currency: 'USD' };
    const wrong = await direct.post('/api/create-payment-intent', body, { [HOST_TENANT_HEADER]: other.tenantId });
    expect([wrong.status, wrong.json.message]).toEqual([404, 'Invoice not found']);
    const confirmWrong = await direct.post(
      '/api/confirm-payment',
      { invoiceId: t.a.publicToken, paymentIntentId: 'demo_pi_x', cardNumber: DEMO_SUCCESS_CARD },
      { [HOST_TENANT_HEADER]: other.tenantId },
    );
    expect([confirmWrong.status, confirmWrong.json.message]).toEqual([404, 'Invoice not found']);
    const right = await direct.post('/api/create-payment-intent', body, { [HOST_TENANT_HEADER]: t.tenantId });
    expect(right.status).toBe(200);
  });
});

describe('the expiry job and the portal', () => {
  it('cancels pending portal payments older than the TTL; a cancelled one takes no money', async () => {
    const t = await portalTenant();
    const pp = (await t.portal.post('/api/portal/payments', { invoiceIds: [t.a.id] })).json as PortalPayment;
    const ctx = stack.services.payments!.ctx as unknown as ServiceContext;
    const run = (minutes: number) =>
      runPaymentExpiry(ctx, new Ledger(ctx, processorRefunds(null, null)), null, {
        ttlMinutes: 60,
        now: () => new Date(Date.now() + minutes * 60_000),
        portal: (cutoff) => expirePortalPayments(ctx, { stripe: null, paypal: null }, cutoff),
      });
    await run(59);
    expect((await t.portal.get(`/api/portal/payments/${pp.id}`)).json).toMatchObject({ status: 'pending' });
    await run(61);
    expect((await t.portal.get(`/api/portal/payments/${pp.id}`)).json).toMatchObject({ status: 'cancelled' });
    const late = await t.portal.post(`/api/portal/payments/${pp.id}/confirm`, { cardNumber: DEMO_SUCCESS_CARD });
    expect(late.json).toMatchObject({ success: false, payment: { status: 'cancelled' }, paymentStatuses: [] });
    expect((await t.c.get(`/api/payments?invoiceId=${t.a.id}`)).json).toEqual([]);
  });
});
