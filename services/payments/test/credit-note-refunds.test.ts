import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, Invoice, Payment } from '@billpoint/proto';
import { startJob, type ServiceContext } from '@billpoint/kit';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { creditNoteRefunds } from '../src/app.ts';
import { Ledger } from '../src/modules/payment/ledger.ts';
import { MAX_FAILED_ATTEMPTS } from '../src/modules/payment/credit-note-refund.ts';
import { processorRefunds } from '../src/modules/payment/overpayment.ts';
import { paymentExpiryJob } from '../src/modules/payment/expiry.ts';
import { paypalClient } from '../src/modules/providers/paypal.ts';
import { stripeClient } from '../src/modules/providers/stripe.ts';
import type { Config } from '../src/config.ts';
import { startKeyedStack, type KeyedStack } from './support/keyed.ts';
import { sentInvoice } from './support/flow.ts';
import { announceCreditNote, creditNoteOf, refundedAnnouncements, refundRow } from './support/credit-notes.ts';

let k: KeyedStack;
beforeAll(async () => {
  k = await startKeyedStack({ bus: 'nats' });
});
afterAll(() => k?.close());

const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const paymentsOf = async (c: HttpClient, id: number) => (await c.get(`/api/payments?invoiceId=${id}`)).json as Payment[];

/** A card payment completed through Stripe (the SDK against the stand-in). */
async function cardPayment(token: string, amount: string) {
  const r = await k.anon().post('/api/create-payment-intent', { invoiceId: token, amount, currency: 'USD' });
  expect(r.status, r.text).toBe(200);
  const intent = r.json.paymentIntentId as string;
  k.stripe.succeed(intent);
  const confirmed = await k.anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId: intent });
  expect(confirmed.json, confirmed.text).toMatchObject({ success: true });
  return intent;
}

/** The payments job's part for credit notes (expiry.ts runs it on every tick), with this stack's processors. */
function retries() {
  const ctx = k.stack.services.payments!.ctx as unknown as ServiceContext;
  const c = ctx.config as unknown as Config;
  const [stripe, paypal] = [stripeClient(c), paypalClient(c)];
  return creditNoteRefunds(ctx, new Ledger(ctx, processorRefunds(stripe, paypal)), stripe, paypal);
}

describe('credit notes with resolution refund, refunded at the processor that took the money', () => {
  it('Stripe: latest payment first until covered, each part once whatever the redeliveries; billing sees the refunds', async () => {
    const c = k.stack.client();
    const { tenantId, invoice, token } = await sentInvoice(c, { rate: '120.00' });
    const first = await cardPayment(token, '20.00');
    const latest = await cardPayment(token, '100.00');
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');

    const cn = creditNoteOf(invoice, '110.00');
    const eventId = await announceCreditNote(k.stack, tenantId, cn);
    // Three more workers race the consumer's own (as the job and other replicas may): each part is still made once.
    await Promise.all([1, 2, 3].map(() => retries().settle(tenantId, cn.id)));
    await waitFor(async () => (await refundRow(k.stack, tenantId, cn.id))?.status === 'refunded');
    // Redelivered (same message) and announced again (another message): nothing is refunded twice.
    await announceCreditNote(k.stack, tenantId, cn, eventId);
    await announceCreditNote(k.stack, tenantId, cn);
    expect(await retries().settle(tenantId, cn.id)).toBe('refunded');

    const mine = k.stripe.refunds.filter((r) => r.payment_intent === first || r.payment_intent === latest);
    expect(mine.map((r) => [r.payment_intent, r.amount, r.metadata.creditNoteId])).toEqual([
      [latest, 10000, String(cn.id)],
      [first, 1000, String(cn.id)],
    ]);
    const keys = k.stripe.calls.filter((x) => x.path === '/v1/refunds').map((x) => x.idempotencyKey);
    expect(keys).toContain(`billpoint-credit-note-${tenantId}-${cn.id}-${(await paymentsOf(c, invoice.id))[1]!.id}`);
    expect((await paymentsOf(c, invoice.id)).map((p) => [p.amount, p.status, p.refundedAmount])).toEqual([
      ['20.00', 'completed', '10.00'],
      ['100.00', 'refunded', '100.00'],
    ]);
    expect(await refundRow(k.stack, tenantId, cn.id)).toEqual({ status: 'refunded', refunded: '110.00', failed: 0 });
    const drawn = (await paymentsOf(c, invoice.id)).map((p) => ({ paymentId: p.id, refundedAmount: p.refundedAmount }));
    expect(await refundedAnnouncements(k.stack, tenantId)).toEqual([
      { creditNoteId: cn.id, invoiceId: invoice.id, amount: '110.00', status: 'refunded', payments: expect.arrayContaining(drawn) },
    ]);
    expect(((await refundedAnnouncements(k.stack, tenantId))[0] as { payments: unknown[] }).payments).toHaveLength(2);
    // payment.refunded flows to billing as for any refund: what was paid drops by the credit note.
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '10.00');
  });

  it('PayPal: the capture is refunded by the credit note’s amount, once', async () => {
    const c = k.stack.client();
    const { tenantId, invoice, token } = await sentInvoice(c, { rate: '75.50' });
    const order = await k.anon().post('/api/paypal/order', { invoiceId: token, amount: '75.50', currency: 'USD', intent: 'CAPTURE' });
    const orderId = order.json.id as string;
    k.paypal.approve(orderId);
    expect((await k.anon().post(`/api/paypal/order/${orderId}/capture`)).json.status).toBe('COMPLETED');
    const confirmed = await k.anon().post('/api/paypal/confirm-payment', { orderId, invoiceId: token, amount: '75.50', currency: 'USD' });
    expect(confirmed.json.success).toBe(true);
    const captureId = k.paypal.orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.id;

    const cn = creditNoteOf(invoice, '30.25');
    const eventId = await announceCreditNote(k.stack, tenantId, cn);
    await waitFor(async () => (await refundRow(k.stack, tenantId, cn.id))?.status === 'refunded');
    await announceCreditNote(k.stack, tenantId, cn, eventId);
    expect(k.paypal.refunds.filter((r) => r.captureId === captureId)).toEqual([
      { id: expect.any(String), captureId, requestId: expect.stringMatching(/^billpoint-credit-note-/), amount: '30.25' },
    ]);
    expect((await paymentsOf(c, invoice.id)).map((p) => [p.status, p.refundedAmount])).toEqual([['completed', '30.25']]);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '45.25');
  });

  it('a manual payment: the refund is recorded as given back (no processor); other resolutions refund nothing', async () => {
    const c = k.stack.client();
    const { tenantId, invoice } = await sentInvoice(c, { rate: '100.00' });
    const paid = await c.post('/api/payments', { invoiceId: invoice.id, amount: '100.00', paymentMethod: 'bank_transfer' });
    expect(paid.status, paid.text).toBe(201);
    const calls = k.stripe.calls.length + k.paypal.calls.length;

    await announceCreditNote(k.stack, tenantId, creditNoteOf(invoice, '10.00', 'reduce_balance'));
    await announceCreditNote(k.stack, tenantId, creditNoteOf(invoice, '10.00', 'credit'));
    const cn = creditNoteOf(invoice, '40.00');
    await announceCreditNote(k.stack, tenantId, cn);
    await waitFor(async () => (await refundRow(k.stack, tenantId, cn.id))?.status === 'refunded');
    expect((await paymentsOf(c, invoice.id)).map((p) => [p.paymentProcessor, p.status, p.refundedAmount])).toEqual([
      ['manual', 'completed', '40.00'],
    ]);
    expect(k.stripe.calls.length + k.paypal.calls.length).toBe(calls);
    const [manual] = await paymentsOf(c, invoice.id);
    expect(await refundedAnnouncements(k.stack, tenantId)).toEqual([
      {
        creditNoteId: cn.id,
        invoiceId: invoice.id,
        amount: '40.00',
        status: 'refunded',
        payments: [{ paymentId: manual!.id, refundedAmount: '40.00' }],
      },
    ]);
  });

  it('end to end: a refund credit note issued in billing on a card-paid invoice is refunded at Stripe once, and billing sees it refunded', async () => {
    const c = k.stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '80.00' });
    const intent = await cardPayment(token, '80.00');
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
    const made = await c.post('/api/credit-notes', {
      invoiceId: invoice.id,
      reason: 'Returned goods',
      resolution: 'refund',
      amount: '25.00',
    });
    expect(made.status, made.text).toBe(201);
    const cn = made.json as CreditNote;
    expect(cn).toMatchObject({ resolution: 'refund', total: '25.00', refundStatus: 'pending' });
    await waitFor(async () => ((await c.get(`/api/credit-notes/${cn.id}`)).json as CreditNote).refundStatus === 'refunded');
    expect((await c.get(`/api/credit-notes/${cn.id}`)).json).toMatchObject({ refundStatus: 'refunded', refundedAmount: '25.00' });
    expect(k.stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([2500]);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '55.00');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ total: '80.00', creditedAmount: '25.00', balanceDue: '0.00' });
  });

  it('a refusal at the processor keeps it pending and the payments job retries it; given up as failed after the last try', async () => {
    const c = k.stack.client();
    const { tenantId, invoice, token } = await sentInvoice(c, { rate: '50.00' });
    const intent = await cardPayment(token, '50.00');

    k.stripe.refuseRefunds(1);
    const cn = creditNoteOf(invoice, '20.00');
    await announceCreditNote(k.stack, tenantId, cn);
    await waitFor(async () => (await refundRow(k.stack, tenantId, cn.id))?.failed === 1);
    expect(await refundRow(k.stack, tenantId, cn.id)).toEqual({ status: 'pending', refunded: '0.00', failed: 1 });
    expect((await paymentsOf(c, invoice.id))[0]!.refundedAmount).toBe('0.00');
    expect(await refundedAnnouncements(k.stack, tenantId)).toEqual([]);

    // The payments job's next run: Stripe accepts now.
    const ctx = k.stack.services.payments!.ctx as unknown as ServiceContext;
    const stripe = stripeClient(ctx.config as unknown as Config);
    const job = paymentExpiryJob(ctx, new Ledger(ctx, processorRefunds(stripe, null)), stripe, {
      intervalMs: 60_000,
      ttlMinutes: 60,
      creditNotes: retries(),
    });
    const runner = startJob(
      { orm: ctx.orm, schema: ctx.schema, logger: ctx.logger, autoStart: false },
      { ...job, name: 'credit-note-retry-test' },
    );
    try {
      expect(await runner.tick()).toBe(true);
    } finally {
      await runner.stop();
    }
    expect(k.stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([2000]);
    expect(await refundRow(k.stack, tenantId, cn.id)).toEqual({ status: 'refunded', refunded: '20.00', failed: 1 });

    // Refused every time: pending until the last try, then failed and announced as such; nothing was refunded.
    const other = creditNoteOf(invoice, '5.00');
    k.stripe.refuseRefunds(MAX_FAILED_ATTEMPTS);
    await announceCreditNote(k.stack, tenantId, other);
    await waitFor(async () => (await refundRow(k.stack, tenantId, other.id))?.failed === 1);
    for (let n = 2; n <= MAX_FAILED_ATTEMPTS; n++) await retries().retryPending(tenantId);
    expect(await refundRow(k.stack, tenantId, other.id)).toMatchObject({ status: 'failed', refunded: '0.00', failed: MAX_FAILED_ATTEMPTS });
    const [card] = await paymentsOf(c, invoice.id);
    expect(await refundedAnnouncements(k.stack, tenantId)).toEqual([
      {
        creditNoteId: cn.id,
        invoiceId: invoice.id,
        amount: '20.00',
        status: 'refunded',
        payments: [{ paymentId: card!.id, refundedAmount: '20.00' }],
      },
      { creditNoteId: other.id, invoiceId: invoice.id, amount: '0.00', status: 'failed', payments: [] },
    ]);
    expect(k.stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });
});
