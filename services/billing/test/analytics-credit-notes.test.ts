import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, Invoice } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const stats = async (c: HttpClient, q: string) => (await c.get(`/api/dashboard/stats${q}`)).json as DashboardStats;
const month = new Date().toISOString().slice(0, 7);

describe('analytics and the ledger count credit notes', () => {
  it('revenue and invoiced totals are net of credit notes; the ledger posts the reversal and stays balanced', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const ann = await makeCustomer(c, { name: 'Ann Credit' });
    const items = (rate: string) => [{ description: 'Work', quantity: '1', rate }];
    // 200.00, 50.00 taken off its balance, the other 150.00 paid; 100.00 paid in full, then 40.00 refunded by a credit note.
    const a = await makeInvoice(c, ann.id, { status: 'sent', items: items('200.00') });
    const b = await makeInvoice(c, ann.id, { status: 'sent', items: items('100.00') });
    const note = async (invoiceId: number, resolution: string, amount: string) => {
      const res = await c.post('/api/credit-notes', { invoiceId, reason: 'Correction', resolution, amount });
      expect(res.status, res.text).toBe(201);
    };
    await note(a.id, 'reduce_balance', '50.00');
    for (const [id, amount] of [
      [a.id, '150.00'],
      [b.id, '100.00'],
    ] as const)
      expect((await c.post('/api/payments', { invoiceId: id, amount, paymentMethod: 'cash' })).status).toBe(201);
    await waitFor(async () => (await invoiceOf(c, a.id)).status === 'paid' && (await invoiceOf(c, b.id)).status === 'paid');
    await note(b.id, 'refund', '40.00');
    await waitFor(async () => (await invoiceOf(c, b.id)).amountPaid === '60.00');

    // 300.00 invoiced and paid, 90.00 of it credited: 210.00 net.
    for (const q of ['', '?currency=USD', '?period=30d', '?period=30d&currency=USD']) {
      const s = await stats(c, q);
      expect({ q, ...s }).toMatchObject({
        q,
        totalRevenue: 210,
        totalInvoices: 2,
        paidInvoices: 2,
        averageInvoiceValue: 105,
        currencyBreakdown: [{ currency: 'USD', total: 210 }],
        topCustomers: [{ id: ann.id, totalSpent: 210 }],
      });
      expect(s.revenueByMonth.find((m) => m.month === month)).toEqual({ month, revenue: 210 });
      expect(s.paymentMethodStats).toEqual([{ method: 'cash', amount: 210, count: 2 }]); // payments, net of the refund
    }

    // The tax service's ledger: each credit note reversed against receivable; every entry balanced.
    const tenantId = organization.id;
    await waitFor(
      async () =>
        (await stack.db.query(`select 1 from tax.journal_entries where tenant_id = $1 and source_key like 'credit_note:%'`, [tenantId]))
          .rowCount === 2,
    );
    await waitFor(async () => {
      const { rows: cash } = await stack.db.query(`select 1 from tax.ledger_payments where tenant_id = $1 and refunded_amount = 40`, [
        tenantId,
      ]);
      return cash.length === 1;
    });
    const { rows } = await stack.db.query<{ code: string; b: string }>(
      `select a.code, sum(l.debit_amount - l.credit_amount)::text as b from tax.journal_entry_lines l
         join tax.chart_of_accounts a on a.id = l.account_id where l.tenant_id = $1 group by a.code
        having sum(l.debit_amount - l.credit_amount) <> 0
        order by a.code`,
      [tenantId],
    );
    // Cash 150.00 + 100.00 − 40.00; receivable settled; revenue 300.00 − 90.00 (no tax on these invoices).
    expect(Object.fromEntries(rows.map((r) => [r.code, r.b]))).toEqual({ '1000': '210.00', '4000': '-210.00' });
    const { rows: unbalanced } = await stack.db.query(
      `select e.id from tax.journal_entries e join tax.journal_entry_lines l on l.entry_id = e.id where e.tenant_id = $1
        group by e.id having sum(l.debit_amount) <> sum(l.credit_amount)`,
      [tenantId],
    );
    expect(unbalanced).toEqual([]);
  });

  it('customer credit: owed to the customer on the ledger until the next invoice uses it; analytics count both invoices net', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const bea = await makeCustomer(c, { name: 'Bea Credit' });
    const items = [{ description: 'Work', quantity: '1', rate: '100.00' }];
    const first = await makeInvoice(c, bea.id, { status: 'sent', items });
    expect((await c.post('/api/payments', { invoiceId: first.id, amount: '100.00', paymentMethod: 'cash' })).status).toBe(201);
    await waitFor(async () => (await invoiceOf(c, first.id)).status === 'paid');
    const made = await c.post('/api/credit-notes', { invoiceId: first.id, reason: 'Goodwill', resolution: 'credit', amount: '40.00' });
    expect(made.status, made.text).toBe(201);

    // The next invoice takes the 40.00 of credit; the customer pays the other 60.00 and no more.
    const next = await makeInvoice(c, bea.id, { status: 'sent', items });
    expect(await invoiceOf(c, next.id)).toMatchObject({ creditApplied: '40.00', balanceDue: '60.00' });
    expect((await c.post('/api/payments', { invoiceId: next.id, amount: '60.01', paymentMethod: 'cash' })).status).toBe(400);
    expect((await c.post('/api/payments', { invoiceId: next.id, amount: '60.00', paymentMethod: 'cash' })).status).toBe(201);
    await waitFor(async () => (await invoiceOf(c, next.id)).status === 'paid');

    const s = await stats(c, '?currency=USD');
    expect(s).toMatchObject({
      totalRevenue: 160,
      currencyBreakdown: [{ currency: 'USD', total: 160 }],
      topCustomers: [{ id: bea.id, totalSpent: 160 }],
    });

    // Ledger: cash 160.00, revenue 160.00; customer credit and receivable back to zero once every event arrived.
    const want = JSON.stringify({ '1000': '160.00', '4000': '-160.00' });
    let got = '';
    await waitFor(async () => {
      const { rows } = await stack.db.query<{ code: string; b: string }>(
        `select a.code, sum(l.debit_amount - l.credit_amount)::text as b from tax.journal_entry_lines l
           join tax.chart_of_accounts a on a.id = l.account_id where l.tenant_id = $1 group by a.code
          having sum(l.debit_amount - l.credit_amount) <> 0 order by a.code`,
        [organization.id],
      );
      got = JSON.stringify(Object.fromEntries(rows.map((r) => [r.code, r.b])));
      return got === want;
    }).catch(() => undefined);
    expect(got).toBe(want);
  });
});
