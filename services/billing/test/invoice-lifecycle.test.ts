import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { ServiceContext } from '@billpoint/kit';
import {
  InvoiceLifecycles,
  InvoicePaymentStatuses,
  legacyInvoiceStatus,
  legacyInvoiceStatusSql,
  type Invoice,
  type InvoiceStatusFacts,
} from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { inDays, makeCustomer } from './support/factories.ts';
import { getInvoice, issuedInvoice, makeCreditNote } from './support/credit-notes.ts';
import { runOverdueJob } from '../src/modules/invoice/overdue.job.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function tenant(): Promise<{ c: HttpClient; customerId: number }> {
  const c = stack.client();
  await c.register();
  const customer = await makeCustomer(c, { name: 'Grace Hopper', email: 'grace@navy.test' });
  return { c, customerId: customer.id };
}

const hundred = [{ description: 'Compiler review', quantity: '1', rate: '100' }];
const state = (inv: Invoice) => ({
  lifecycle: inv.lifecycle,
  paymentStatus: inv.paymentStatus,
  overdue: inv.overdue,
  status: inv.status,
});

/** A manual payment; answers its id once billing's copy of the invoice shows it. */
async function pay(c: HttpClient, invoiceId: number, amount: string): Promise<number> {
  const before = await getInvoice(c, invoiceId);
  const res = await c.post('/api/payments', { invoiceId, amount, paymentMethod: 'cash' });
  expect(res.status, res.text).toBe(201);
  await waitFor(async () => (await getInvoice(c, invoiceId)).amountPaid !== before.amountPaid);
  return (res.json as { id: number }).id;
}

describe('lifecycle and payment state apart, the legacy status derived from them', () => {
  it('unpaid, then partial after a part payment, then paid; the list and the single answer agree', async () => {
    const { c, customerId } = await tenant();
    const draft = (await c.post('/api/invoices', { invoice: { customerId, dueDate: inDays(30) }, items: hundred })).json as Invoice;
    expect(state(draft)).toEqual({ lifecycle: 'draft', paymentStatus: 'unpaid', overdue: false, status: 'draft' });

    const sent = (await c.post(`/api/invoices/${draft.id}/send`)).json as Invoice;
    expect(state(sent)).toEqual({ lifecycle: 'issued', paymentStatus: 'unpaid', overdue: false, status: 'sent' });
    expect(sent.sentAt).toEqual(expect.any(String));
    expect(sent.viewedAt).toBeNull();

    await pay(c, draft.id, '40');
    expect(state(await getInvoice(c, draft.id))).toEqual({ lifecycle: 'issued', paymentStatus: 'partial', overdue: false, status: 'sent' });

    await pay(c, draft.id, '60');
    const paid = await getInvoice(c, draft.id);
    expect(state(paid)).toEqual({ lifecycle: 'issued', paymentStatus: 'paid', overdue: false, status: 'paid' });
    const listed = ((await c.get('/api/invoices')).json as Invoice[]).find((i) => i.id === draft.id)!;
    expect(state(listed)).toEqual(state(paid));
  });

  it('refunded when everything paid is given back', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred });
    const paymentId = await pay(c, inv.id, '100');
    const refund = await c.post(`/api/payments/${paymentId}/refund`, {});
    expect(refund.status, refund.text).toBe(200);
    const refunded = await waitFor(async () => {
      const now = await getInvoice(c, inv.id);
      return now.paymentStatus === 'refunded' && now;
    });
    expect(state(refunded)).toEqual({ lifecycle: 'issued', paymentStatus: 'refunded', overdue: false, status: 'refunded' });
  });

  it('credited when credit notes take the whole total back', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred });
    await makeCreditNote(c, { invoiceId: inv.id, reason: 'Order cancelled', resolution: 'reduce_balance', amount: '100' });
    expect(state(await getInvoice(c, inv.id))).toEqual({
      lifecycle: 'issued',
      paymentStatus: 'credited',
      overdue: false,
      status: 'credited',
    });
  });

  it('void after cancel, whatever the due date', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred, invoice: { issueDate: inDays(-40), dueDate: inDays(-10) } });
    const voided = await c.post(`/api/invoices/${inv.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(state(voided.json as Invoice)).toEqual({ lifecycle: 'void', paymentStatus: 'unpaid', overdue: false, status: 'cancelled' });
  });

  it('overdue is a fact: a past due date with money open; the overdue job marks the status, payment ends both', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred, invoice: { issueDate: inDays(-40), dueDate: inDays(-10) } });
    const onTime = await issuedInvoice(c, customerId, { items: hundred });
    expect(state(inv)).toEqual({ lifecycle: 'issued', paymentStatus: 'unpaid', overdue: true, status: 'sent' });
    expect((await getInvoice(c, onTime.id)).overdue).toBe(false);

    await runOverdueJob(stack.billing.ctx as ServiceContext);
    expect(state(await getInvoice(c, inv.id))).toEqual({ lifecycle: 'issued', paymentStatus: 'unpaid', overdue: true, status: 'overdue' });
    expect((await getInvoice(c, onTime.id)).status).toBe('sent');

    await pay(c, inv.id, '30');
    expect(state(await getInvoice(c, inv.id))).toEqual({ lifecycle: 'issued', paymentStatus: 'partial', overdue: true, status: 'overdue' });
    await pay(c, inv.id, '70');
    expect(state(await getInvoice(c, inv.id))).toEqual({ lifecycle: 'issued', paymentStatus: 'paid', overdue: false, status: 'paid' });
  });

  it('the edit form and PUT still send the legacy status: it maps onto lifecycle and payment state and derives back', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred });
    const put = async (status: Invoice['status']) => {
      const res = await c.put(`/api/invoices/${inv.id}`, { customerId, status, items: hundred });
      expect(res.status, res.text).toBe(200);
      return state(res.json as Invoice);
    };
    expect(await put('paid')).toEqual({ lifecycle: 'issued', paymentStatus: 'paid', overdue: false, status: 'paid' });
    expect(await put('overdue')).toEqual({ lifecycle: 'issued', paymentStatus: 'unpaid', overdue: false, status: 'overdue' });
    expect(await put('sent')).toEqual({ lifecycle: 'issued', paymentStatus: 'unpaid', overdue: false, status: 'sent' });
  });

  it('a writer that sets only the legacy status keeps lifecycle and payment state in step', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred });
    await stack.db.query(`update billing.invoices set status = 'paid', paid_at = now() where id = $1`, [inv.id]);
    expect(state(await getInvoice(c, inv.id))).toMatchObject({ lifecycle: 'issued', paymentStatus: 'paid', status: 'paid' });
    await stack.db.query(`update billing.invoices set status = 'cancelled' where id = $1`, [inv.id]);
    expect(state(await getInvoice(c, inv.id))).toMatchObject({ lifecycle: 'void', paymentStatus: 'paid', status: 'cancelled' });
  });

  it('the SQL rendering of the derivation answers as the function does, for every combination', async () => {
    const all: InvoiceStatusFacts[] = [];
    for (const lifecycle of InvoiceLifecycles)
      for (const paymentStatus of InvoicePaymentStatuses)
        for (const overdue of [false, true]) for (const viewed of [false, true]) all.push({ lifecycle, paymentStatus, overdue, viewed });
    const sql = legacyInvoiceStatusSql({
      lifecycle: 'f.lifecycle',
      paymentStatus: 'f.payment_status',
      overdue: 'f.overdue',
      viewed: 'f.viewed',
    });
    const { rows } = await stack.db.query<{ status: string }>(
      `select ${sql} as status
         from jsonb_to_recordset($1::jsonb) as f (n int, lifecycle text, payment_status text, overdue boolean, viewed boolean)
        order by f.n`,
      [
        JSON.stringify(
          all.map((f, n) => ({ n, lifecycle: f.lifecycle, payment_status: f.paymentStatus, overdue: f.overdue, viewed: f.viewed })),
        ),
      ],
    );
    expect(rows.map((r) => r.status)).toEqual(all.map(legacyInvoiceStatus));
  });
});
