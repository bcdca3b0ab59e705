import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { DashboardStats, ErrorBody, Invoice } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer } from './support/factories.ts';
import { getInvoice, issuedInvoice, makeCreditNote } from './support/credit-notes.ts';
import { STANDING_BACKFILL } from '../src/migrations/0028-credited-status-paid-on-payment-day.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

async function tenant(): Promise<{ c: HttpClient; customerId: number; tenantId: string }> {
  const c = stack.client();
  const me = await c.register();
  const customer = await makeCustomer(c);
  return { c, customerId: customer.id, tenantId: me.organization.id };
}

const hundred = [{ description: 'Work', quantity: '1', rate: '100' }];
const stats = async (c: HttpClient) => (await c.get('/api/dashboard/stats')).json as DashboardStats;
/** YYYY-MM of the month `back` months before the current one (UTC). */
const month = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};

describe('an invoice credited in full', () => {
  it('is credited, not paid: no paid moment, not counted as paid, found by its own filter, never set by hand', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred });
    await makeCreditNote(c, { invoiceId: inv.id, reason: 'Cancelled order', resolution: 'reduce_balance', amount: '100' });
    expect(await getInvoice(c, inv.id)).toMatchObject({ status: 'credited', paidAt: null, balanceDue: '0.00', creditedAmount: '100.00' });

    // Stored before as paid: the migration's backfill makes it credited.
    await stack.db.query(`update billing.invoices set status = 'paid', paid_at = now() where id = $1`, [inv.id]);
    expect(await stats(c)).toMatchObject({ paidInvoices: 1 });
    for (const sql of STANDING_BACKFILL) await stack.db.query(sql);
    expect(await getInvoice(c, inv.id)).toMatchObject({ status: 'credited', paidAt: null });

    const list = await c.get('/api/invoices?status=credited');
    expect(list.status, list.text).toBe(200);
    expect((list.json as Invoice[]).map((i) => i.id)).toEqual([inv.id]);
    expect(await stats(c)).toMatchObject({ totalInvoices: 1, paidInvoices: 0, pendingInvoices: 0, outstanding: 0 });

    // Credited follows from credit notes: an edit that keeps it is fine, one that sets it on another invoice is a 400.
    const kept = await c.put(`/api/invoices/${inv.id}`, { customerId, status: 'credited', items: hundred });
    expect(kept.status, kept.text).toBe(200);
    const other = await issuedInvoice(c, customerId, { items: hundred });
    const set = await c.put(`/api/invoices/${other.id}`, { customerId, status: 'credited', items: hundred });
    expect(set.status).toBe(400);
    expect((set.json as ErrorBody).issues?.map((i) => i.path)).toEqual(['status']);
  });
});

describe('revenue by month', () => {
  it('follows the days the payments were made, not the day they were entered', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: [{ description: 'Work', quantity: '3', rate: '100' }] });
    const last = month(1);
    // Three payments of last month, entered now: the last one pays the invoice.
    for (const [day, amount] of [
      ['05', '100.00'],
      ['12', '100.00'],
      ['20', '100.00'],
    ]) {
      const res = await c.post('/api/payments', {
        invoiceId: inv.id,
        amount,
        paymentMethod: 'bank_transfer',
        paymentDate: `${last}-${day}`,
      });
      expect(res.status, res.text).toBe(201);
    }
    const paid = await waitFor(async () => {
      const i = await getInvoice(c, inv.id);
      return i.status === 'paid' && i;
    });
    expect(paid.paidAt).toBe(`${last}-20T00:00:00.000Z`);
    const byMonth = async () => Object.fromEntries((await stats(c)).revenueByMonth.map((m) => [m.month, m.revenue]));
    expect([(await byMonth())[last], (await byMonth())[month(0)]]).toEqual([300, 0]);

    // Rows stored before: stamped paid when entered (the update triggers move the revenue with it); the migration's
    // backfill moves them back to the payment's day.
    await stack.db.query(`update billing.invoices set paid_at = now() where id = $1`, [inv.id]);
    expect((await byMonth())[month(0)]).toBe(300);
    for (const sql of STANDING_BACKFILL) await stack.db.query(sql);
    expect((await getInvoice(c, inv.id)).paidAt).toBe(`${last}-20T00:00:00.000Z`);
    expect([(await byMonth())[last], (await byMonth())[month(0)]]).toEqual([300, 0]);
  });
});
