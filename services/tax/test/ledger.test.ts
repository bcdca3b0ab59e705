import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ExpenseEvents, InvoiceEvents, PaymentEvents } from '@billpoint/proto';
import {
  balances,
  dailyMismatches,
  entries,
  expense,
  invoice,
  payment,
  startLedgerStack,
  unbalanced,
  type LedgerStack,
} from './ledger-support.ts';

let s: LedgerStack;
beforeAll(async () => {
  s = await startLedgerStack();
});
afterAll(() => s?.close());
afterAll(async () => {
  // Whatever the tests did: every entry of the database balances, and the day totals reports read are the lines' sums.
  if (s) expect(await unbalanced(s.db)).toEqual([]);
  if (s) expect(await dailyMismatches(s.db)).toEqual([]);
});

const tenant = () => randomUUID();
const at = (n: number) => `2026-11-10T09:00:${String(n).padStart(2, '0')}.000Z`;

describe('invoices on the ledger', () => {
  it('goes by lifecycle and payment state where the event carries them, by the legacy status on older events', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 1, updatedAt: at(1), lifecycle: 'issued', paymentStatus: 'unpaid' }));
    expect((await entries(s.db, t)).map((e) => [e.key, e.reversed])).toEqual([['invoice:1:issue:1', false]]);
    const { rows } = await s.db.query(`select lifecycle, payment_status from tax.ledger_invoices where tenant_id = $1`, [t]);
    expect(rows).toEqual([{ lifecycle: 'issued', payment_status: 'unpaid' }]);
    // The lifecycle decides: a void invoice is off the books whatever status an event names with it. Before the
    // void the receivable is the invoice's total; after it every account is back to nothing.
    expect(await balances(s.db, t)).toMatchObject({ '1100': '110.00' });
    await s.publish(InvoiceEvents.Updated, t, invoice({ id: 1, updatedAt: at(2), status: 'sent', lifecycle: 'void' }));
    expect((await entries(s.db, t)).find((e) => e.key === 'invoice:1:issue:1')?.reversed).toBe(true);
    expect(await balances(s.db, t)).toEqual({});
  });

  it('posts the issue entry once the invoice is issued: AR, revenue, discount, shipping, tax per rate, at the issue date', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Created, t, invoice({ id: 1, status: 'draft' }));
    expect(await entries(s.db, t)).toEqual([]); // a draft is not on the books
    await s.publish(
      InvoiceEvents.Sent,
      t,
      invoice({
        id: 1,
        updatedAt: at(1),
        subtotal: '200.00',
        discountAmount: '20.00',
        shippingAmount: '15.00',
        taxAmount: '26.00',
        total: '221.00',
        taxLines: [
          { taxRateId: 7, name: 'VAT', type: 'vat', rate: '10.00', taxableAmount: '100.00', taxAmount: '10.00' },
          { taxRateId: 8, name: 'VAT high', type: 'vat', rate: '16.00', taxableAmount: '100.00', taxAmount: '16.00' },
        ],
      }),
    );
    expect(await entries(s.db, t)).toEqual([
      {
        n: '1',
        date: '2026-11-10',
        key: 'invoice:1:issue:1',
        reversed: false,
        lines: ['1100 Dr 221.00', '4900 Dr 20.00', '4000 Cr 200.00', '4100 Cr 15.00', '2100 Cr 10.00', '2100 Cr 16.00'],
      },
    ]);
    const { rows: tax } = await s.db.query(
      `select tax_rate_id::float8 as id, tax_rate_name as name, tax_type as type, tax_rate::text as rate, taxable_amount::text as taxable
         from tax.journal_entry_lines where tenant_id = $1 and tax_rate_id is not null order by line_number`,
      [t],
    );
    expect(tax).toEqual([
      { id: 7, name: 'VAT', type: 'vat', rate: '10.00', taxable: '100.00' },
      { id: 8, name: 'VAT high', type: 'vat', rate: '16.00', taxable: '100.00' },
    ]);
    // The chart was made on first use: the system accounts, once.
    const { rows: chart } = await s.db.query(`select code, name from tax.chart_of_accounts where tenant_id = $1 order by code`, [t]);
    expect(chart.map((a) => `${a.code} ${a.name}`)).toEqual([
      '1000 Cash',
      '1100 Accounts Receivable',
      '1200 Input Tax Recoverable',
      '2100 Sales Tax Payable',
      '2200 Customer Credit',
      "3000 Owner's Equity",
      '4000 Sales Revenue',
      '4100 Shipping Income',
      '4200 Realised Exchange Gains',
      '4250 Realised Exchange Losses',
      '4900 Sales Discounts',
      '5000 Uncategorized Expenses',
    ]);
  });

  it('without taxLines the tax amount is one line with no rate; a later event without them keeps the earlier ones', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 2, taxLines: undefined }));
    const { rows } = await s.db.query(
      `select tax_rate::text as rate, taxable_amount::text as taxable from tax.journal_entry_lines
       where tenant_id = $1 and credit_amount = 10`,
      [t],
    );
    expect(rows).toEqual([{ rate: null, taxable: '100.00' }]);
  });

  it('a redelivered event (same id) and a repeat with a new id but the same version post nothing', async () => {
    const t = tenant();
    const data = invoice({ id: 3 });
    const id = await s.publish(InvoiceEvents.Sent, t, data);
    await s.publish(InvoiceEvents.Sent, t, data, { id }); // the same envelope again, past the bus's dedup window
    await s.publish(InvoiceEvents.Updated, t, data); // billing's Updated twin of the Sent event
    await s.publish(InvoiceEvents.Updated, t, invoice({ id: 99, status: 'draft' })); // marker: everything before it is handled
    expect((await entries(s.db, t)).map((e) => e.key)).toEqual(['invoice:3:issue:1']);
  });

  it('changed figures reverse the posted entry and post the new one; an older version arriving late changes nothing', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 4, updatedAt: at(1) }));
    const v3 = invoice({
      id: 4,
      updatedAt: at(3),
      subtotal: '300.00',
      taxAmount: '30.00',
      total: '330.00',
      taxLines: [{ taxRateId: 7, name: 'VAT', type: 'vat', rate: '10.00', taxableAmount: '300.00', taxAmount: '30.00' }],
    });
    await s.publish(InvoiceEvents.Updated, t, v3);
    await s.publish(
      InvoiceEvents.Updated,
      t,
      invoice({ id: 4, updatedAt: at(2), subtotal: '999.00', total: '1009.00', taxLines: undefined }),
    );
    const list = await entries(s.db, t);
    expect(list.map((e) => [e.key, e.reversed, e.lines[0]])).toEqual([
      ['invoice:4:issue:1', true, '1100 Dr 110.00'],
      ['invoice:4:issue:2:reversal', false, '1100 Cr 110.00'],
      ['invoice:4:issue:3', false, '1100 Dr 330.00'],
    ]);
    expect(await balances(s.db, t)).toEqual({ '1100': '330.00', '2100': '-30.00', '4000': '-300.00' });
  });

  it('a newer version first, then the older: only the newer is posted', async () => {
    const t = tenant();
    await s.publish(
      InvoiceEvents.Updated,
      t,
      invoice({
        id: 5,
        updatedAt: at(5),
        subtotal: '50.00',
        taxAmount: '5.00',
        total: '55.00',
        taxLines: [{ taxRateId: 7, name: 'VAT', type: 'vat', rate: '10.00', taxableAmount: '50.00', taxAmount: '5.00' }],
      }),
    );
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 5, updatedAt: at(1) }));
    expect((await entries(s.db, t)).map((e) => [e.key, e.lines[0]])).toEqual([['invoice:5:issue:1', '1100 Dr 55.00']]);
  });

  it('cancelling reverses the issue entry on the day of the cancellation; deleting another reverses it; a late update does not revive it', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 6, updatedAt: at(1) }));
    await s.publish(InvoiceEvents.Updated, t, invoice({ id: 6, updatedAt: at(2), status: 'cancelled' }), {
      occurredAt: '2026-12-02T08:00:00.000Z',
    });
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 7, updatedAt: at(1) }));
    await s.publish(InvoiceEvents.Deleted, t, invoice({ id: 7, updatedAt: at(1) }), { occurredAt: '2026-11-20T08:00:00.000Z' });
    await s.publish(InvoiceEvents.Updated, t, invoice({ id: 7, updatedAt: at(9) }));
    const list = await entries(s.db, t);
    expect(list.map((e) => [e.key, e.date, e.reversed])).toEqual([
      ['invoice:6:issue:1', '2026-11-10', true],
      ['invoice:6:issue:2:reversal', '2026-12-02', false],
      ['invoice:7:issue:1', '2026-11-10', true],
      ['invoice:7:issue:2:reversal', '2026-11-20', false],
    ]);
    expect(await balances(s.db, t)).toEqual({});
  });
});

describe('payments and invoices marked paid', () => {
  it('a payment posts Dr Cash / Cr AR at its date; a refund is its reversal; a partial refund posts the part', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 10 }));
    const p = payment({ invoiceId: 10 });
    await s.publish(PaymentEvents.Completed, t, p);
    await s.publish(PaymentEvents.Completed, t, p); // again, new event id: once per payment id
    expect(await balances(s.db, t)).toEqual({ '1000': '110.00', '2100': '-10.00', '4000': '-100.00' });
    await s.publish(
      PaymentEvents.Refunded,
      t,
      { ...p, status: 'refunded', refundedAmount: '110.00' },
      { occurredAt: '2026-11-20T12:00:00Z' },
    );
    const list = await entries(s.db, t);
    expect(list.slice(1).map((e) => [e.key, e.date, e.reversed, e.lines])).toEqual([
      [`payment:${p.id}`, '2026-11-15', true, ['1000 Dr 110.00', '1100 Cr 110.00']],
      [`payment:${p.id}:refund:110.00`, '2026-11-20', false, ['1000 Cr 110.00', '1100 Dr 110.00']],
    ]);
    const q = payment({ invoiceId: 10, amount: '50.00' });
    await s.publish(PaymentEvents.Completed, t, q);
    await s.publish(PaymentEvents.Refunded, t, { ...q, status: 'refunded', refundedAmount: '20.00' });
    await s.publish(PaymentEvents.Completed, t, q); // late and older: the refund stays
    expect((await balances(s.db, t))['1000']).toBe('30.00');
  });

  it('a payment before the invoice: cash once, and no "settled outside" entry when the paid invoice arrives', async () => {
    const t = tenant();
    const p = payment({ invoiceId: 11 });
    await s.publish(PaymentEvents.Completed, t, p);
    await s.publish(InvoiceEvents.Paid, t, invoice({ id: 11, status: 'paid', amountPaid: '110.00', paidAt: '2026-11-15T10:00:00Z' }));
    expect(await balances(s.db, t)).toEqual({ '1000': '110.00', '2100': '-10.00', '4000': '-100.00' });
  });

  it('marked paid by hand, then the payment recorded late: cash is counted once, in every order', async () => {
    const t = tenant();
    // Marked paid with nothing recorded: the rest is settled outside.
    await s.publish(InvoiceEvents.Paid, t, invoice({ id: 12, status: 'paid', updatedAt: at(1), paidAt: '2026-11-16T10:00:00Z' }));
    expect(await balances(s.db, t)).toEqual({ '1000': '110.00', '2100': '-10.00', '4000': '-100.00' });
    // The payment is recorded afterwards: its entry, and the settled-outside entry reversed.
    const p = payment({ invoiceId: 12 });
    await s.publish(PaymentEvents.Completed, t, p);
    expect(await balances(s.db, t)).toEqual({ '1000': '110.00', '2100': '-10.00', '4000': '-100.00' });
    // Billing then sends the invoice with the payment counted: still once.
    await s.publish(
      InvoiceEvents.Updated,
      t,
      invoice({ id: 12, status: 'paid', updatedAt: at(2), amountPaid: '110.00', paidAt: '2026-11-16T10:00:00Z' }),
    );
    expect(await balances(s.db, t)).toEqual({ '1000': '110.00', '2100': '-10.00', '4000': '-100.00' });
    expect((await entries(s.db, t)).map((e) => [e.key, e.reversed])).toEqual([
      ['invoice:12:issue:1', false],
      ['invoice:12:settle:1', true],
      [`payment:${p.id}`, false],
      ['invoice:12:settle:2:reversal', false],
    ]);

    // Partial: 40 recorded, the invoice marked paid by hand → 70 settled outside; billing's view arriving before
    // the payment event (amountPaid 40, P 0) books only 70 until the payment lands.
    const t2 = tenant();
    await s.publish(InvoiceEvents.Paid, t2, invoice({ id: 13, status: 'paid', amountPaid: '40.00', paidAt: '2026-11-16T10:00:00Z' }));
    expect((await balances(s.db, t2))['1000']).toBe('70.00');
    await s.publish(PaymentEvents.Completed, t2, payment({ invoiceId: 13, amount: '40.00' }));
    expect((await balances(s.db, t2))['1000']).toBe('110.00');
    expect((await balances(s.db, t2))['1100']).toBeUndefined();
  });
});

describe('expenses on the ledger', () => {
  it('posts Dr category account (net) and input tax, Cr cash; creates one account per category; update reposts; delete reverses', async () => {
    const t = tenant();
    const x = expense();
    await s.publish(ExpenseEvents.Created, t, x);
    await s.publish(
      ExpenseEvents.Created,
      t,
      expense({ category: { id: 9, name: 'Travel', color: '#F59E0B' }, categoryId: 9, taxAmount: '0.00', amount: '45.50' }),
    );
    await s.publish(ExpenseEvents.Created, t, expense({ category: null, categoryId: null, taxAmount: '0.00', amount: '5.00' }));
    const { rows: chart } = await s.db.query(
      `select code, name from tax.chart_of_accounts where tenant_id = $1 and category_id is not null order by code`,
      [t],
    );
    expect(chart).toEqual([
      { code: '5100', name: 'Hardware' },
      { code: '5110', name: 'Travel' },
    ]);
    expect(await balances(s.db, t)).toEqual({ '1000': '-170.50', '1200': '20.00', '5000': '5.00', '5100': '100.00', '5110': '45.50' });

    await s.publish(ExpenseEvents.Updated, t, { ...x, amount: '240.00', taxAmount: '40.00', updatedAt: '2026-11-13T10:00:00.000Z' });
    await s.publish(ExpenseEvents.Updated, t, { ...x, amount: '1.00', updatedAt: '2026-11-12T11:00:00.000Z' }); // older: ignored
    expect((await balances(s.db, t))['5100']).toBe('200.00');
    await s.publish(ExpenseEvents.Deleted, t, { ...x, deleted: true }, { occurredAt: '2026-11-30T10:00:00Z' });
    const mine = (await entries(s.db, t)).filter((e) => e.key.startsWith(`expense:${x.id}:`));
    expect(mine.map((e) => [e.key, e.date, e.reversed])).toEqual([
      [`expense:${x.id}:1`, '2026-11-12', true],
      [`expense:${x.id}:2:reversal`, '2026-11-12', false],
      [`expense:${x.id}:3`, '2026-11-12', true],
      [`expense:${x.id}:4:reversal`, '2026-11-30', false],
    ]);
    expect(await balances(s.db, t)).toEqual({ '1000': '-50.50', '5000': '5.00', '5110': '45.50' });
  });
});

describe('the database keeps the ledger balanced and append-only', () => {
  it('refuses an unbalanced entry at commit, a line with both or neither side, any update or delete', async () => {
    const t = tenant();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 20 }));
    const { rows } = await s.db.query(
      `select id from tax.chart_of_accounts where tenant_id = $1 and code in ('1000', '4000') order by code`,
      [t],
    );
    const [cash, revenue] = rows.map((r) => r.id);
    const entry = (debit: string, credit: string) => `
      insert into tax.journal_entries (tenant_id, entry_number, entry_date, description, currency, total_debit, total_credit, source_key)
        values ('$T', 900, '2026-11-01', 'raw', 'USD', ${debit}, ${credit}, 'raw:1');
      insert into tax.journal_entry_lines (tenant_id, entry_id, line_number, account_id, debit_amount, credit_amount, entry_date, currency)
        select '$T', id, 1, ${cash}, ${debit}, 0, '2026-11-01', 'USD' from tax.journal_entries where source_key = 'raw:1' and tenant_id = '$T';
      insert into tax.journal_entry_lines (tenant_id, entry_id, line_number, account_id, debit_amount, credit_amount, entry_date, currency)
        select '$T', id, 2, ${revenue}, 0, ${credit}, '2026-11-01', 'USD' from tax.journal_entries where source_key = 'raw:1' and tenant_id = '$T';`;
    // One connection of our own, as the database owner (no RLS, no service code): each case is one transaction.
    const client = new pg.Client({ connectionString: s.db.url });
    client.on('error', () => {});
    await client.connect();
    onTestFinished(() => client.end());
    const tx = async (sql: string) => {
      try {
        await client.query('begin');
        await client.query(sql.replaceAll('$T', t));
        await client.query('commit');
        return 'committed';
      } catch (err) {
        await client.query('rollback');
        return (err as Error).message;
      }
    };
    expect(await tx(entry('10.00', '9.99'))).toMatch(/unbalanced/);
    expect(
      await tx(`insert into tax.journal_entries (tenant_id, entry_number, entry_date, description, currency, total_debit, total_credit, source_key)
        values ('$T', 901, '2026-11-01', 'no lines', 'USD', 5, 5, 'raw:2')`),
    ).toMatch(/unbalanced/);
    expect(
      await tx(`insert into tax.journal_entry_lines (tenant_id, entry_id, line_number, account_id, debit_amount, credit_amount, entry_date, currency)
        select '$T', id, 9, ${cash}, 1, 1, entry_date, currency from tax.journal_entries where tenant_id = '$T' limit 1`),
    ).toMatch(/check constraint/);
    expect(
      await tx(`insert into tax.journal_entry_lines (tenant_id, entry_id, line_number, account_id, debit_amount, credit_amount, entry_date, currency)
        select '$T', id, 9, ${cash}, 0, 0, entry_date, currency from tax.journal_entries where tenant_id = '$T' limit 1`),
    ).toMatch(/check constraint/);
    expect(await tx(`update tax.journal_entry_lines set debit_amount = debit_amount + 1 where tenant_id = '$T'`)).toMatch(/append-only/);
    expect(await tx(`delete from tax.journal_entry_lines where tenant_id = '$T'`)).toMatch(/append-only/);
    expect(await tx(`delete from tax.journal_entries where tenant_id = '$T'`)).toMatch(/append-only/);
    expect(await tx(`update tax.journal_entries set description = 'edited' where tenant_id = '$T'`)).toMatch(/append-only/);
    expect(await tx(`truncate tax.journal_entry_lines`)).toMatch(/append-only/);
    // A balanced one goes through (the trigger is not refusing everything).
    expect(await tx(entry('10.00', '10.00'))).toBe('committed');
    expect((await entries(s.db, t)).length).toBe(2);
  });

  it('row-level security is forced on every ledger table', async () => {
    const { rows } = await s.db.query(
      `select c.relname, c.relrowsecurity and c.relforcerowsecurity as forced from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'tax' and c.relkind = 'r' and c.relname <> 'outbox' and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id')
        order by 1`,
    );
    expect(rows.filter((r) => !r.forced)).toEqual([]);
    expect(rows.map((r) => r.relname)).toEqual(
      expect.arrayContaining(['chart_of_accounts', 'journal_entries', 'journal_entry_lines', 'financial_reports']),
    );
  });
});
