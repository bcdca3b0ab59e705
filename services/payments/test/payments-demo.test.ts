import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_DECLINE_CARD,
  DEMO_SUCCESS_CARD,
  type Invoice,
  type Payment,
  type PaymentConfirmation,
  type PublicInvoice,
} from '@billpoint/proto';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { sentInvoice } from './support/flow.ts';
import { fetchBytes, pdfText } from '../../billing/test/support/pdf.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const anon = () => new HttpClient(stack.url);
const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;

/** Pays `amount` on the public page with the demo card form. */
async function payDemo(token: string, amount: string, card = DEMO_SUCCESS_CARD) {
  const p = anon();
  const intent = await p.post('/api/create-payment-intent', { invoiceId: token, amount, currency: 'USD' });
  if (intent.status !== 200) return intent;
  expect(intent.json).toMatchObject({ demoMode: true, paymentIntentId: expect.stringMatching(/^demo_pi_/) });
  return p.post('/api/confirm-payment', { invoiceId: token, paymentIntentId: intent.json.paymentIntentId, cardNumber: card });
}

describe('the pay page in demo mode (no keys)', () => {
  it('shows the public invoice by token (first view marks it viewed), pays in two parts, and billing marks it paid', async () => {
    const c = stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '100.00' });
    const pub = await anon().get(`/api/invoices/${token}/public`);
    expect(pub.status).toBe(200);
    const shown = pub.json as PublicInvoice;
    expect(shown).toMatchObject({
      id: token,
      invoiceNumber: invoice.invoiceNumber,
      status: 'viewed',
      total: '100.00',
      amountPaid: '0.00',
      balanceDue: '100.00',
      seller: { name: 'Test Org', logoUrl: null },
      payment: { demoMode: true, card: true, paypal: false, stripePublishableKey: null, paypalClientId: null },
    });
    expect(shown.items).toEqual([{ description: 'Work', quantity: '1.00', unitPrice: '100.00', amount: '100.00' }]);
    expect(JSON.stringify(shown)).not.toContain(String(invoice.id) + ','); // no internal ids beyond the token
    expect((await invoiceOf(c, invoice.id)).viewedAt).not.toBeNull();

    const first = await payDemo(token, '40.00');
    expect(first.status).toBe(200);
    expect(first.json as PaymentConfirmation).toMatchObject({
      success: true,
      demoMode: true,
      payment: { amount: '40.00', currency: 'USD', status: 'completed' },
      invoice: { total: '100.00', amountPaid: '40.00', balanceDue: '60.00', paid: false },
    });
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '40.00');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ status: 'viewed', amountPaid: '40.00', balanceDue: '60.00' });
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const pdf = await pdfText((await fetchBytes(`${stack.url}/api/invoices/${invoice.id}/pdf`, { cookie })).body);
    expect(pdf).toMatch(/Amount paid\s+-\$40\.00/);
    expect(pdf).toMatch(/Balance due\s+\$60\.00/);

    // More than what is left is refused; the rest is accepted.
    const over = await payDemo(token, '60.01');
    expect(over.status).toBe(400);
    expect(over.json.issues).toEqual([{ path: 'amount', message: 'Amount cannot be more than the balance due (60.00 USD)' }]);
    const rest = await payDemo(token, '60.00');
    expect((rest.json as PaymentConfirmation).invoice).toMatchObject({ amountPaid: '100.00', balanceDue: '0.00', paid: true });
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ amountPaid: '100.00', balanceDue: '0.00', paidAt: expect.any(String) });
    expect((await anon().get(`/api/invoices/${token}/public`)).json).toMatchObject({ status: 'paid', balanceDue: '0.00' });
    const paidAgain = await payDemo(token, '1.00');
    expect(paidAgain.status).toBe(409);

    const list = (await c.get(`/api/payments?invoiceId=${invoice.id}`)).json as Payment[];
    expect(list.map((p) => [p.amount, p.status, p.paymentProcessor, p.paymentMethod])).toEqual([
      ['40.00', 'completed', 'demo', 'credit_card'],
      ['60.00', 'completed', 'demo', 'credit_card'],
    ]);
  });

  it('refuses tampered amounts and currencies; the decline card fails; confirming twice is one payment', async () => {
    const c = stack.client();
    const { token, invoice } = await sentInvoice(c, { rate: '50.00' });
    const p = anon();
    const intent = (amount: unknown, currency: unknown = 'USD') =>
      p.post('/api/create-payment-intent', { invoiceId: token, amount, currency });
    for (const [amount, field] of [
      ['-1', 'amount'],
      ['0', 'amount'],
      ['0.001', 'amount'],
      ['abc', 'amount'],
      ['50.01', 'amount'],
    ] as const) {
      const res = await intent(amount);
      expect(res.status, amount).toBe(400);
      expect(res.json.issues.map((i: { path: string }) => i.path)).toEqual([field]);
    }
    const eur = await intent('10', 'EUR');
    expect(eur.status).toBe(400);
    expect(eur.json.issues).toEqual([{ path: 'currency', message: "Currency must be USD, the invoice's currency" }]);
    expect((await p.post('/api/create-payment-intent', { invoiceId: token, amount: '1', currency: 'USD', extra: 1 })).status).toBe(400);

    const declined = await payDemo(token, '10.00', DEMO_DECLINE_CARD);
    expect(declined.status).toBe(402);
    expect(declined.json.message).toBe('Your card was declined.');
    const bad = await payDemo(token, '10.00', '4242424242424241');
    expect(bad.status).toBe(400);

    const ok = (await intent('20.00')).json as { paymentIntentId: string };
    const confirm = () =>
      p.post('/api/confirm-payment', { invoiceId: token, paymentIntentId: ok.paymentIntentId, cardNumber: DEMO_SUCCESS_CARD });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await confirm()).json).toMatchObject({ payment: { status: 'completed' }, invoice: { amountPaid: '20.00' } });
    const payments = (await c.get(`/api/payments?invoiceId=${invoice.id}`)).json as Payment[];
    expect(payments.map((x) => x.status).sort()).toEqual(['completed', 'failed', 'pending']);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '20.00');
  });

  it('a token of another invoice or tenant, a made-up one, a draft: the same Invoice Not Found', async () => {
    const a = stack.client();
    const { token: tokenA, invoice: invA } = await sentInvoice(a);
    const b = stack.client();
    const { token: tokenB } = await sentInvoice(b);
    const draft = await a.post('/api/invoices', {
      invoice: { customerId: invA.customerId, dueDate: invA.dueDate },
      items: [{ description: 'x', quantity: '1', rate: '1' }],
    });
    const draftToken = ((await a.get(`/api/invoices/${draft.json.id}`)).json as Invoice).publicToken!;
    const answers = await Promise.all(
      ['A'.repeat(43), 'short', draftToken, `${tokenA}x`].map((t) => anon().get(`/api/invoices/${encodeURIComponent(t)}/public`)),
    );
    for (const r of answers) expect([r.status, r.json.message]).toEqual([404, 'Invoice not found']);
    // B's payment intent cannot name A's payment.
    const intentA = (await anon().post('/api/create-payment-intent', { invoiceId: tokenA, amount: '1', currency: 'USD' })).json;
    const cross = await anon().post('/api/confirm-payment', {
      invoiceId: tokenB,
      paymentIntentId: intentA.paymentIntentId,
      cardNumber: DEMO_SUCCESS_CARD,
    });
    expect(cross.status).toBe(404);
    expect((await anon().get(`/api/paypal/setup`)).status).toBe(404); // PayPal not configured: not offered
  });

  it('a signed-in user records a manual payment; amounts are checked against the balance', async () => {
    const c = stack.client();
    const { invoice } = await sentInvoice(c, { rate: '80.00' });
    const res = await c.post('/api/payments', {
      invoiceId: invoice.id,
      amount: '80',
      paymentMethod: 'bank_transfer',
      reference: 'TRX-1',
      paymentDate: '2026-11-20',
    });
    expect(res.status).toBe(201);
    expect(res.json as Payment).toMatchObject({
      amount: '80.00',
      status: 'completed',
      paymentMethod: 'bank_transfer',
      paymentProcessor: 'manual',
      reference: 'TRX-1',
      paymentDate: '2026-11-20',
    });
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
    const more = await c.post('/api/payments', { invoiceId: invoice.id, amount: '1', paymentMethod: 'cash' });
    expect(more.status).toBe(409);
    const other = stack.client();
    await other.register();
    const foreign = await other.post('/api/payments', { invoiceId: invoice.id, amount: '1', paymentMethod: 'cash' });
    expect([foreign.status, foreign.json.issues]).toEqual([400, [{ path: 'invoiceId', message: 'Invoice not found' }]]);
    expect((await other.get(`/api/payments?invoiceId=${invoice.id}`)).json).toEqual([]);
  });
});
