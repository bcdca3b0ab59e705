import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditNoteEvents, InvoiceEvents, PaymentEvents, type CreditNoteEventData, type FinancialReport } from '@billpoint/proto';
import { balances, dailyMismatches, entries, invoice, payment, startLedgerStack, unbalanced, type LedgerStack } from './ledger-support.ts';

let s: LedgerStack;
beforeAll(async () => {
  s = await startLedgerStack();
});
afterAll(() => s?.close());
afterAll(async () => {
  // Whatever the tests did: every entry balances (debits = credits), and the day totals are the lines' sums.
  if (s) expect(await unbalanced(s.db)).toEqual([]);
  if (s) expect(await dailyMismatches(s.db)).toEqual([]);
});

const tenant = () => randomUUID();
const CN = 'tax-ledger-credit-notes';
const vat = (taxable: string, tax: string) => ({
  taxRateId: 7,
  name: 'VAT',
  type: 'vat',
  rate: '10.00',
  taxableAmount: taxable,
  taxAmount: tax,
});

/** A credit note event payload (of invoice `invoiceId`, 10% VAT) with overrides. */
function creditNote(o: Partial<CreditNoteEventData> & { id: number; invoiceId: number }): CreditNoteEventData {
  return {
    creditNoteNumber: `CN-${String(o.id).padStart(4, '0')}`,
    invoiceNumber: `INV-${String(o.invoiceId).padStart(4, '0')}`,
    invoiceIssueDate: '2026-11-10',
    customerId: 1,
    customer: null,
    issueDate: '2026-11-20',
    currency: 'USD',
    reason: 'Returned goods',
    resolution: 'reduce_balance',
    subtotal: '50.00',
    taxAmount: '5.00',
    total: '55.00',
    refundStatus: null,
    refundedAmount: '0.00',
    items: [],
    taxLines: [vat('50.00', '5.00')],
    metadata: {},
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: null,
    ...o,
  };
}

describe('credit notes on the ledger', () => {
  it('reduce_balance: reverses revenue and tax per rate against receivable, once; the invoice paid with the rest settles nothing outside', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 1 }));
    const cn = creditNote({ id: 1, invoiceId: 1 });
    const eventId = await s.publish(CreditNoteEvents.Created, t, cn, { durable: CN });
    // A redelivery (same id) and a second announcement of the same credit note (another id) post nothing more.
    await s.publish(CreditNoteEvents.Created, t, cn, { durable: CN, id: eventId });
    await s.publish(CreditNoteEvents.Created, t, cn, { durable: CN });
    const posted = await entries(s.db, t);
    expect(posted.map((e) => [e.date, e.key, e.lines])).toEqual([
      ['2026-11-10', 'invoice:1:issue:1', ['1100 Dr 110.00', '4000 Cr 100.00', '2100 Cr 10.00']],
      ['2026-11-20', 'credit_note:1:1', ['4000 Dr 50.00', '2100 Dr 5.00', '1100 Cr 55.00']],
    ]);
    const { rows } = await s.db.query(
      `select e.reference, l.tax_rate_id::float8 as rate, l.taxable_amount::text as taxable from tax.journal_entry_lines l
         join tax.journal_entries e on e.id = l.entry_id where l.tenant_id = $1 and e.source_key like 'credit_note:%' and l.tax_rate_id is not null`,
      [t],
    );
    expect(rows).toEqual([{ reference: 'CN-0001', rate: 7, taxable: '-50.00' }]);
    expect(await balances(s.db, t)).toEqual({ '1100': '55.00', '2100': '-5.00', '4000': '-50.00' });

    // The customer pays what is left and billing marks the invoice paid: receivable comes to zero, no cash is invented.
    await s.publish(PaymentEvents.Completed, t, payment({ id: 9001, invoiceId: 1, amount: '55.00', amountInBaseCurrency: '55.00' }));
    await s.publish(
      InvoiceEvents.Paid,
      t,
      invoice({
        id: 1,
        status: 'paid',
        amountPaid: '55.00',
        creditedAmount: '55.00',
        paidAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
      }),
    );
    expect(await balances(s.db, t)).toEqual({ '1000': '55.00', '2100': '-5.00', '4000': '-50.00' });
  });

  it('credit: owed to the customer (2200) until applied to the next invoice; refund: receivable, then the refund takes the cash back', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 1 }));
    await s.publish(PaymentEvents.Completed, t, payment({ id: 9101, invoiceId: 1 }));
    await s.publish(CreditNoteEvents.Created, t, creditNote({ id: 1, invoiceId: 1, resolution: 'credit' }), { durable: CN });
    expect(await balances(s.db, t)).toEqual({ '1000': '110.00', '2100': '-5.00', '2200': '-55.00', '4000': '-50.00' });

    // The next invoice (110.00) is issued with the 55.00 of credit applied; the customer pays the other 55.00.
    const next = { id: 2, creditApplied: '55.00', balanceDue: '55.00' };
    await s.publish(InvoiceEvents.Sent, t, invoice(next));
    await s.publish(PaymentEvents.Completed, t, payment({ id: 9102, invoiceId: 2, amount: '55.00', amountInBaseCurrency: '55.00' }));
    const paid = { status: 'paid' as const, amountPaid: '55.00', balanceDue: '0.00', paidAt: '2026-11-22T10:00:00.000Z' };
    await s.publish(InvoiceEvents.Paid, t, invoice({ ...next, ...paid, updatedAt: '2026-11-22T10:00:00.000Z' }));
    expect(await balances(s.db, t)).toEqual({ '1000': '165.00', '2100': '-15.00', '4000': '-150.00' });
    expect((await entries(s.db, t)).find((e) => e.key === 'invoice:2:credit:1')?.lines).toEqual(['2200 Dr 55.00', '1100 Cr 55.00']);

    // A refund credit note of the first invoice's other half: receivable, then payments' refund takes the cash back.
    await s.publish(CreditNoteEvents.Created, t, creditNote({ id: 2, invoiceId: 1, resolution: 'refund' }), { durable: CN });
    await s.publish(PaymentEvents.Refunded, t, payment({ id: 9101, invoiceId: 1, refundedAmount: '55.00' }));
    expect(await balances(s.db, t)).toEqual({ '1000': '110.00', '2100': '-10.00', '4000': '-100.00' });
  });

  it('a refund note of a paid invoice: the sale and tax reversed once, the refund moves cash only, each event twice', async () => {
    const t = tenant();
    const twice = async (subject: string, data: unknown, o: { durable?: string } = {}) => {
      const id = await s.publish(subject, t, data, o);
      await s.publish(subject, t, data, { ...o, id }); // redelivered
    };
    await twice(InvoiceEvents.Sent, invoice({ id: 1 }));
    await twice(PaymentEvents.Completed, payment({ id: 9201, invoiceId: 1 }));
    const paid = { status: 'paid' as const, amountPaid: '110.00', balanceDue: '0.00', paidAt: '2026-11-15T10:00:00.000Z' };
    await twice(InvoiceEvents.Paid, invoice({ id: 1, ...paid, updatedAt: '2026-11-15T10:00:00.000Z' }));
    const full = { subtotal: '100.00', taxAmount: '10.00', total: '110.00', taxLines: [vat('100.00', '10.00')] };
    await twice(CreditNoteEvents.Created, creditNote({ id: 1, invoiceId: 1, resolution: 'refund', ...full }), { durable: CN });
    await twice(PaymentEvents.Refunded, payment({ id: 9201, invoiceId: 1, status: 'refunded', refundedAmount: '110.00' }));
    // Billing then says refunded, and later credited (credit notes of the whole total): neither takes the sale back again.
    for (const [status, at] of [
      ['refunded', '2026-11-20T10:00:00.000Z'],
      ['credited', '2026-11-20T10:00:01.000Z'],
    ] as const)
      await twice(
        InvoiceEvents.Updated,
        invoice({ id: 1, status, amountPaid: '0.00', balanceDue: '0.00', creditedAmount: '110.00', paidAt: null, updatedAt: at }),
      );
    expect(await balances(s.db, t)).toEqual({});
    const keys = (await entries(s.db, t)).map((e) => [e.key, e.reversed]);
    expect(keys).toEqual([
      ['invoice:1:issue:1', false],
      [`payment:9201`, true],
      ['credit_note:1:1', false],
      [`payment:9201:refund:110.00`, false],
    ]);
  });

  it('the tax reports subtract credit notes per rate in their period', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 1, issueDate: '2026-10-05' }));
    await s.publish(CreditNoteEvents.Created, t, creditNote({ id: 1, invoiceId: 1, issueDate: '2026-11-20' }), { durable: CN });
    const generate = async (startDate: string, endDate: string, type = 'sales_tax') => {
      const res = await s.call(t, 'POST', '/api/financial-reports/generate', {
        type,
        period: 'current-month',
        startDate,
        endDate,
        currency: 'USD',
      });
      expect(res.status, res.body).toBe(201);
      return (res.json as FinancialReport).reportData;
    };
    const figures = (d: FinancialReport['reportData']) => d.sections.map((x) => [x.lines.map((l) => `${l.label} ${l.amount}`), x.total]);
    // October: the invoice alone. November: the credit note alone, negative. The quarter: net.
    expect(figures(await generate('2026-10-01', '2026-10-31'))).toEqual([
      [['VAT (10.00%) 100.00'], '100.00'],
      [['VAT (10.00%) 10.00'], '10.00'],
    ]);
    expect(figures(await generate('2026-11-01', '2026-11-30'))).toEqual([
      [['VAT (10.00%) -50.00'], '-50.00'],
      [['VAT (10.00%) -5.00'], '-5.00'],
    ]);
    expect(figures(await generate('2026-10-01', '2026-12-31'))).toEqual([
      [['VAT (10.00%) 50.00'], '50.00'],
      [['VAT (10.00%) 5.00'], '5.00'],
    ]);
    const summary = await generate('2026-10-01', '2026-12-31', 'tax_summary');
    expect(summary.sections.map((x) => x.total)).toEqual(['5.00', '0.00', '50.00']);
  });
});
