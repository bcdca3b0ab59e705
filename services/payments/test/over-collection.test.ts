import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUCCESS_CARD, type Invoice, type Payment, type PublicInvoice } from '@billpoint/proto';
import { startJob, type ServiceContext } from '@billpoint/kit';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { Ledger } from '../src/modules/payment/ledger.ts';
import { processorRefunds } from '../src/modules/payment/overpayment.ts';
import { EXPIRED_MESSAGE, paymentExpiryJob } from '../src/modules/payment/expiry.ts';
import { invoiceTotalsBackfill } from '../src/migrations/0003-never-over-collected.ts';
import { sentInvoice } from './support/flow.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const anon = () => new HttpClient(stack.url);
const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const paymentsOf = async (c: HttpClient, id: number) => (await c.get(`/api/payments?invoiceId=${id}`)).json as Payment[];
const openIntent = async (token: string, amount: string) => {
  const r = await anon().post('/api/create-payment-intent', { invoiceId: token, amount, currency: 'USD' });
  expect(r.status, r.text).toBe(200);
  return r.json.paymentIntentId as string;
};
const confirm = (token: string, paymentIntentId: string) =>
  anon().post('/api/confirm-payment', { invoiceId: token, paymentIntentId, cardNumber: DEMO_SUCCESS_CARD });

describe('money is never over-collected (demo processor)', () => {
  it('three intents on 119.99, three confirms → only the first completes, the others are refused, 119.99 paid', async () => {
    const c = stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '119.99' });
    const ids = [await openIntent(token, '119.99'), await openIntent(token, '119.99'), await openIntent(token, '100.00')];

    const first = await confirm(token, ids[0]!);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, invoice: { amountPaid: '119.99', balanceDue: '0.00', paid: true } });
    for (const id of ids.slice(1)) {
      const r = await confirm(token, id);
      expect([r.status, r.json.message]).toEqual([409, 'This invoice is already paid']);
    }
    // A refused attempt is settled: confirming it again takes nothing either.
    expect((await confirm(token, ids[1]!)).json).toMatchObject({ success: false, payment: { status: 'cancelled' } });

    expect((await paymentsOf(c, invoice.id)).map((p) => [p.amount, p.status])).toEqual([
      ['119.99', 'completed'],
      ['119.99', 'cancelled'],
      ['100.00', 'cancelled'],
    ]);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ amountPaid: '119.99', balanceDue: '0.00' });
    expect((await anon().get(`/api/invoices/${token}/public`)).json as PublicInvoice).toMatchObject({
      amountPaid: '119.99',
      balanceDue: '0.00',
    });
  });

  it('an attempt that no longer fits the balance is refused naming amount; simultaneous confirms complete only what fits', async () => {
    const c = stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '119.99' });
    const [a, b] = [await openIntent(token, '100.00'), await openIntent(token, '100.00')];
    expect((await confirm(token, a)).status).toBe(200);
    const over = await confirm(token, b);
    expect(over.status).toBe(400);
    expect(over.json.issues).toEqual([{ path: 'amount', message: 'Amount cannot be more than the balance due (19.99 USD)' }]);

    const rest = await Promise.all([1, 2, 3, 4].map(() => openIntent(token, '19.99')));
    const answers = await Promise.all(rest.map((id) => confirm(token, id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const completed = (await paymentsOf(c, invoice.id)).filter((p) => p.status === 'completed');
    expect(completed.map((p) => p.amount).sort()).toEqual(['100.00', '19.99']);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === '119.99');
  });

  it('the database refuses a completion above the total, whoever writes it (a refund still goes through)', async () => {
    const c = stack.client();
    const { invoice, token, tenantId } = await sentInvoice(c, { rate: '100.00' });
    expect((await c.post('/api/payments', { invoiceId: invoice.id, amount: '60.00', paymentMethod: 'cash' })).status).toBe(201);
    await openIntent(token, '40.00');
    await openIntent(token, '40.00');
    const db = stack.db;
    const [x, y] = (await paymentsOf(c, invoice.id)).filter((p) => p.status === 'pending');
    // The first fits (60 + 40 = 100); the second would make 140 of 100.
    await db.query(`update payments.payments set status = 'completed' where id = $1`, [x!.id]);
    await expect(db.query(`update payments.payments set status = 'completed' where id = $1`, [y!.id])).rejects.toMatchObject({
      code: '23514',
      constraint: 'payments_within_invoice_total',
    });
    await expect(
      db.query(
        `insert into payments.payments (tenant_id, invoice_id, invoice_number, amount, currency, amount_in_base_currency,
           payment_method, payment_processor, status) values ($1, $2, 'X', 0.01, 'USD', 0.01, 'cash', 'manual', 'completed')`,
        [tenantId, invoice.id],
      ),
    ).rejects.toMatchObject({ constraint: 'payments_within_invoice_total' });
    // An invoice payments has never heard of has no known total: nothing completes against it.
    await expect(
      db.query(
        `insert into payments.payments (tenant_id, invoice_id, invoice_number, amount, currency, amount_in_base_currency,
           payment_method, payment_processor, status) values ($1, 999999, 'X', 1, 'USD', 1, 'cash', 'manual', 'completed')`,
        [tenantId],
      ),
    ).rejects.toMatchObject({ constraint: 'payments_within_invoice_total' });
    // Lowering what a payment counts for is never refused, even with the total lowered below what was paid.
    await db.query(`update payments.invoice_totals set total = 10.00 where tenant_id = $1 and invoice_id = $2`, [tenantId, invoice.id]);
    await db.query(`update payments.payments set refunded_amount = 10.00 where id = $1`, [x!.id]);
    const rows = await db.query(
      `select status, amount::text, refunded_amount::text from payments.payments where id = any($1) order by array_position($1::bigint[], id)`,
      [[x!.id, y!.id]],
    );
    expect(rows.rows).toEqual([
      { status: 'completed', amount: '40.00', refunded_amount: '10.00' },
      { status: 'pending', amount: '40.00', refunded_amount: '0.00' },
    ]);
  });

  it('payments made before migration 0003: the backfill keeps them valid with a provisional total, billing’s answer replaces it', async () => {
    const c = stack.client();
    const { invoice, token, tenantId } = await sentInvoice(c, { rate: '100.00' });
    expect((await c.post('/api/payments', { invoiceId: invoice.id, amount: '30.00', paymentMethod: 'cash' })).status).toBe(201);
    const attempt = await openIntent(token, '50.00');
    // As before 0003: no total known here. Then the migration's backfill.
    const totals = () =>
      stack.db
        .query(`select total::text, provisional from payments.invoice_totals where tenant_id = $1 and invoice_id = $2`, [
          tenantId,
          invoice.id,
        ])
        .then((r) => r.rows);
    await stack.db.query(`delete from payments.invoice_totals where tenant_id = $1 and invoice_id = $2`, [tenantId, invoice.id]);
    await stack.db.query(invoiceTotalsBackfill);
    expect(await totals()).toEqual([{ total: '30.00', provisional: true }]);
    // The database holds the invoice to it until billing has been asked…
    await expect(
      stack.db.query(`update payments.payments set status = 'completed' where transaction_id = $1`, [attempt]),
    ).rejects.toMatchObject({ constraint: 'payments_within_invoice_total' });
    // …which the next completion does.
    expect((await confirm(token, attempt)).json).toMatchObject({ success: true, invoice: { amountPaid: '80.00' } });
    expect(await totals()).toEqual([{ total: '100.00', provisional: false }]);
  });

  it('the expiry job cancels attempts older than the TTL (driven by a clock); an expired attempt takes no money', async () => {
    const c = stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '80.00' });
    const old = await openIntent(token, '30.00');
    const ctx = stack.services.payments!.ctx as unknown as ServiceContext;
    let at = Date.now() + 59 * 60_000;
    const job = paymentExpiryJob(ctx, new Ledger(ctx, processorRefunds(null, null)), null, {
      intervalMs: 60_000,
      ttlMinutes: 60,
      now: () => new Date(at),
    });
    const runner = startJob(
      { orm: ctx.orm, schema: ctx.schema, logger: ctx.logger, now: () => new Date(at), autoStart: false },
      {
        ...job,
        name: 'payment-expiry-test',
      },
    );
    try {
      expect(await runner.tick()).toBe(true);
      expect((await paymentsOf(c, invoice.id)).map((p) => p.status)).toEqual(['pending']);
      at += 2 * 60_000; // 61 minutes after it was opened
      expect(await runner.tick()).toBe(true);
      const rows = await paymentsOf(c, invoice.id);
      expect(rows.map((p) => [p.amount, p.status])).toEqual([['30.00', 'cancelled']]);
      const late = await confirm(token, old);
      expect(late.json).toMatchObject({ success: false, payment: { status: 'cancelled' }, invoice: { amountPaid: '0.00' } });
      // An expired attempt holds nothing back: the whole balance can be paid afresh.
      expect((await confirm(token, await openIntent(token, '80.00'))).json).toMatchObject({
        success: true,
        invoice: { amountPaid: '80.00' },
      });
      const [row] = await stack.db.query(`select failure_message from payments.payments where id = $1`, [rows[0]!.id]).then((r) => r.rows);
      expect(row).toEqual({ failure_message: EXPIRED_MESSAGE });
    } finally {
      await runner.stop();
    }
  });
});
