import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { reportPeriodRange, type CreditNote, type FinancialReport, type Invoice, type TaxSummary } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';

/**
 * The books after a credit note, the whole stack on NATS: billing issues the invoice and the note, payments takes
 * and refunds the money, the tax ledger books what their events say. A credit note is booked once, whatever its
 * resolution; refunding its money moves cash only. Every expected figure is computed here from the invoice's cents.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

const NET = 10000n;
const TAX = 1900n; // 19 % of 100.00
const TOTAL = NET + TAX;
const money = (cents: bigint) =>
  `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;
/** The tax share of a gross credit as billing splits it: the invoice's tax × gross ÷ total, rounded half up. */
const taxShare = (gross: bigint) => (TAX * gross * 2n + TOTAL) / (TOTAL * 2n);

type Resolution = 'reduce_balance' | 'refund' | 'credit';
type Paid = 'unpaid' | 'partly paid' | 'fully paid';
const PAID: Record<Paid, bigint> = { unpaid: 0n, 'partly paid': 5950n, 'fully paid': TOTAL };

/**
 * What each case credits (gross cents), or null when billing must refuse the note: reduce_balance up to the balance
 * due, refund and credit up to the money received.
 */
function credited(resolution: Resolution, paid: bigint): bigint | null {
  const room = resolution === 'reduce_balance' ? TOTAL - paid : paid;
  return room === 0n ? null : room;
}

async function tenant(): Promise<{ c: HttpClient; tenantId: string; invoice: Invoice }> {
  const c = stack.client();
  const me = await c.register();
  const rate = await c.post('/api/tax-rates', {
    name: 'VAT 19%',
    jurisdiction: 'Germany',
    rate: '19',
    type: 'vat',
    startDate: '2020-01-01',
  });
  expect(rate.status, rate.text).toBe(201);
  const rateId = ((rate.json.taxRate ?? rate.json) as { id: number }).id;
  const customer = await makeCustomer(c);
  const invoice = await makeInvoice(c, customer.id, {
    items: [{ description: 'Work', quantity: '1', rate: '100.00', taxRateId: rateId }],
    status: 'sent',
  });
  expect(invoice.total).toBe(money(TOTAL));
  return { c, tenantId: me.organization.id, invoice };
}

const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;

/** Waits until the tax ledger has seen billing's last version of the invoice, its credit notes and its payments' refunds. */
async function ledgerCaughtUp(tenantId: string, inv: Invoice, notes: number, refunded: bigint) {
  await waitFor(async () => {
    const { rows } = await stack.db.query<{ status: string; notes: number; refunded: string }>(
      `select i.status,
              (select count(*)::int from tax.ledger_credit_notes n where n.tenant_id = i.tenant_id and n.invoice_id = i.invoice_id) as notes,
              (select coalesce(sum(p.refund_posted), 0)::numeric(15, 2)::text from tax.ledger_payments p
                where p.tenant_id = i.tenant_id and p.invoice_id = i.invoice_id) as refunded
         from tax.ledger_invoices i where i.tenant_id = $1 and i.invoice_id = $2 and i.version = $3::timestamptz`,
      [tenantId, inv.id, inv.updatedAt],
    );
    const r = rows[0];
    return r && r.status === inv.status && r.notes === notes && r.refunded === money(refunded);
  });
}

/** Cash, receivable and customer credit of the tenant's ledger (debits − credits), as the owner reads them. */
async function balances(tenantId: string): Promise<Record<string, string>> {
  const { rows } = await stack.db.query<{ code: string; b: string }>(
    `select a.code, coalesce(sum(l.debit_amount - l.credit_amount), 0)::numeric(15, 2)::text as b
       from tax.chart_of_accounts a left join tax.journal_entry_lines l on l.account_id = a.id and l.tenant_id = a.tenant_id
      where a.tenant_id = $1 and a.code in ('1000', '1100', '2200') group by a.code order by a.code`,
    [tenantId],
  );
  return Object.fromEntries(rows.map((r) => [r.code, r.b]));
}

async function report(c: HttpClient, type: string): Promise<FinancialReport['reportData']> {
  const range = reportPeriodRange('current-quarter', new Date().toISOString().slice(0, 10));
  const res = await c.post('/api/financial-reports/generate', { type, period: 'current-quarter', ...range });
  expect(res.status, res.text).toBe(201);
  return (res.json as FinancialReport).reportData;
}

const RESOLUTIONS: Resolution[] = ['reduce_balance', 'refund', 'credit'];
const STATES: Paid[] = ['unpaid', 'partly paid', 'fully paid'];
const cases = RESOLUTIONS.flatMap((resolution) => STATES.map((state) => ({ resolution, state })));

describe('a credit note is booked once, whatever its resolution and however much was paid', () => {
  it.each(cases)('$resolution on an invoice $state', async ({ resolution, state }) => {
    const { c, tenantId, invoice } = await tenant();
    const paid = PAID[state];
    if (paid > 0n) {
      const res = await c.post('/api/payments', { invoiceId: invoice.id, amount: money(paid), paymentMethod: 'bank_transfer' });
      expect(res.status, res.text).toBe(201);
      await waitFor(async () => (await invoiceOf(c, invoice.id)).amountPaid === money(paid));
    }

    const gross = credited(resolution, paid);
    const body = { invoiceId: invoice.id, reason: 'Returned', resolution, amount: money(gross ?? TOTAL) };
    const res = await c.post('/api/credit-notes', body);
    if (gross === null) {
      expect(res.status, res.text).toBe(400);
      expect(res.json.issues.map((i: { path: string }) => i.path)).toEqual(['amount']);
    } else expect(res.status, res.text).toBe(201);
    const note = gross === null ? null : (res.json as CreditNote);
    if (note) expect([note.total, note.taxAmount]).toEqual([money(gross!), money(taxShare(gross!))]);

    // The refund of a refund note reaches the money (payments) and the invoice (billing) before the books are read.
    const refunded = resolution === 'refund' && gross ? gross : 0n;
    const kept = paid - refunded;
    const lowering = resolution === 'credit' || gross === null ? 0n : gross;
    const expectedStatus =
      gross === TOTAL ? 'credited' : paid > 0n && kept === 0n ? 'refunded' : TOTAL - lowering - kept <= 0n ? 'paid' : 'sent';
    const final = await waitFor(async () => {
      const inv = await invoiceOf(c, invoice.id);
      return inv.amountPaid === money(kept) && inv.status === expectedStatus && inv;
    });
    await ledgerCaughtUp(tenantId, final, note ? 1 : 0, refunded);

    const cnTax = gross === null ? 0n : taxShare(gross);
    const cnNet = gross === null ? 0n : gross - cnTax;
    const collected = money(TAX - cnTax);
    const sales = money(NET - cnNet);

    const summary = (await c.get('/api/tax-summary')).json as TaxSummary;
    expect([summary.totalCollected, summary.taxableSales, summary.totalPayable]).toEqual([collected, sales, collected]);
    const vat = await report(c, 'vat_return');
    expect(vat.sections.map((s) => s.total)).toEqual([collected, '0.00']);
    expect(vat.summary.amount).toBe(collected);
    const pl = await report(c, 'profit_loss');
    expect(pl.sections[0]!.total).toBe(sales);
    expect(pl.summary.amount).toBe(sales);
    // The money: cash is what was kept, the receivable what is still owed, 2200 what became the customer's credit.
    const toAr = resolution === 'credit' || gross === null ? 0n : gross;
    const toCredit = resolution === 'credit' && gross !== null ? gross : 0n;
    expect(await balances(tenantId)).toEqual({
      '1000': money(kept),
      '1100': money(TOTAL - toAr - kept),
      '2200': money(-toCredit),
    });
    const salesTax = await report(c, 'sales_tax');
    expect(salesTax.sections.map((s) => s.total)).toEqual([sales, collected]);
  });
});
