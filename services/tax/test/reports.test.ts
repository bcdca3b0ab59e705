import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BillingExchangeRatesRpc,
  ExpenseEvents,
  InvoiceEvents,
  OrganizationUpdated,
  reportPeriodRange,
  type FinancialReport,
  type OrganizationUpdatedData,
  type TaxSummary,
} from '@billpoint/proto';
import { rpcRespond } from '@billpoint/kit';
import { pdfPageCount, pdfText } from '../../billing/test/support/pdf.ts';
import { expense, invoice, startLedgerStack, type LedgerStack } from './ledger-support.ts';

let s: LedgerStack;
const A = randomUUID();
const B = randomUUID();

const settings = (id: string, o: Partial<OrganizationUpdatedData> = {}): z.input<typeof OrganizationUpdatedData> => ({
  id,
  organizationName: 'Org',
  companyName: 'Org GmbH',
  companyEmail: null,
  companyWebsite: null,
  defaultCurrency: 'EUR',
  defaultLanguage: 'en',
  timezone: 'Europe/Berlin',
  customDomain: null,
  invoicePrefix: 'INV',
  billingAddress: { address: null, phone: null, email: null, taxId: null, street: null, postalCode: null, city: null, country: null },
  bankDetails: { iban: null, bic: null, accountHolder: null },
  attachFacturX: false,
  logoUrl: null,
  updatedAt: '2026-10-01T00:00:00.000Z',
  ...o,
});
const vat = (name: string, rate: string, taxable: string, tax: string, id = 1, type = 'vat') => ({
  taxRateId: id,
  name,
  type,
  rate,
  taxableAmount: taxable,
  taxAmount: tax,
});

/**
 * The hand-computed scenario (tenant A, EUR, Q4 2026 = 2026-10-01 … 2026-12-31):
 * - invoice 1, 2026-11-05, sent: subtotal 1000, discount 50, shipping 25, VAT 20% on 600 = 120, Reduced VAT 5% on
 *   400 = 20 → total 1115;
 * - invoice 2, 2026-12-01, marked paid by hand: subtotal 200, State tax (sales_tax) 7.25% = 14.50 → total 214.50;
 * - invoice 3, 2026-11-20, sent then cancelled on 2026-11-25: nets to nothing;
 * - invoice 4, 2026-09-30 (Q3) and invoice 5 in USD: outside the report;
 * - expense Software 240 incl. 40 input VAT on 2026-11-07; expense without category 30 (no tax) on 2026-12-15.
 * Revenue 1000 + 200 + 25 − 50 = 1175; expenses 200 + 30 = 230; net profit 945. Output tax 120 + 20 + 14.50 =
 * 154.50, of which VAT 140; input tax 40 → VAT due 100, tax payable 114.50. Ledger lines: 6 + 3 + 2 (settled) + 3 +
 * 3 (reversal) + 3 + 2 = 22.
 */
beforeAll(async () => {
  s = await startLedgerStack();
  await s.publish(OrganizationUpdated, A, settings(A));
  await s.publish(
    InvoiceEvents.Sent,
    A,
    invoice({
      id: 1,
      currency: 'EUR',
      issueDate: '2026-11-05',
      subtotal: '1000.00',
      discountAmount: '50.00',
      shippingAmount: '25.00',
      taxAmount: '140.00',
      total: '1115.00',
      taxLines: [vat('VAT', '20.00', '600.00', '120.00'), vat('Reduced VAT', '5.00', '400.00', '20.00', 2)],
    }),
  );
  await s.publish(
    InvoiceEvents.Paid,
    A,
    invoice({
      id: 2,
      currency: 'EUR',
      status: 'paid',
      issueDate: '2026-12-01',
      paidAt: '2026-12-03T10:00:00.000Z',
      subtotal: '200.00',
      taxAmount: '14.50',
      total: '214.50',
      taxLines: [vat('State tax', '7.25', '200.00', '14.50', 3, 'sales_tax')],
    }),
  );
  const three = invoice({
    id: 3,
    currency: 'EUR',
    issueDate: '2026-11-20',
    subtotal: '300.00',
    taxAmount: '60.00',
    total: '360.00',
    taxLines: [vat('VAT', '20.00', '300.00', '60.00')],
  });
  await s.publish(InvoiceEvents.Sent, A, three);
  await s.publish(
    InvoiceEvents.Updated,
    A,
    { ...three, status: 'cancelled', updatedAt: '2026-11-25T10:00:00.000Z' },
    { occurredAt: '2026-11-25T10:00:00.000Z' },
  );
  await s.publish(
    InvoiceEvents.Sent,
    A,
    invoice({
      id: 4,
      currency: 'EUR',
      issueDate: '2026-09-30',
      subtotal: '500.00',
      taxAmount: '100.00',
      total: '600.00',
      taxLines: [vat('VAT', '20.00', '500.00', '100.00')],
    }),
  );
  await s.publish(InvoiceEvents.Sent, A, invoice({ id: 5, currency: 'USD', issueDate: '2026-11-10' }));
  await s.publish(
    ExpenseEvents.Created,
    A,
    expense({
      currency: 'EUR',
      date: '2026-11-07',
      amount: '240.00',
      taxAmount: '40.00',
      categoryId: 11,
      category: { id: 11, name: 'Software', color: '#3B82F6' },
    }),
  );
  await s.publish(
    ExpenseEvents.Created,
    A,
    expense({ currency: 'EUR', date: '2026-12-15', amount: '30.00', taxAmount: '0.00', categoryId: null, category: null }),
  );
  // Tenant B has its own figures (USD), and must never see A's.
  await s.publish(InvoiceEvents.Sent, B, invoice({ id: 1, currency: 'USD', issueDate: '2026-11-05' }));
});
afterAll(() => s?.close());

const Q4 = { period: 'current-quarter', startDate: '2026-10-01', endDate: '2026-12-31' } as const;
const generate = async (tenant: string, body: Record<string, unknown>) => {
  const res = await s.call(tenant, 'POST', '/api/financial-reports/generate', body);
  expect(res.status, res.body).toBe(201);
  return res.json as FinancialReport;
};

describe('financial reports from the ledger', () => {
  it('profit & loss: revenue per account (discounts negative), expenses per category, net profit', async () => {
    const r = await generate(A, { type: 'profit_loss', ...Q4 });
    expect(r).toMatchObject({
      type: 'profit_loss',
      title: 'Profit & Loss — 2026-Q4',
      period: '2026-Q4',
      startDate: '2026-10-01',
      endDate: '2026-12-31',
      status: 'generated',
      filedAt: null,
    });
    expect(r.reportData).toEqual({
      currency: 'EUR',
      sections: [
        {
          title: 'Revenue (credits − debits of revenue accounts; discounts negative)',
          lines: [
            { label: 'Sales Revenue', accountCode: '4000', amount: '1200.00' },
            { label: 'Shipping Income', accountCode: '4100', amount: '25.00' },
            { label: 'Sales Discounts', accountCode: '4900', amount: '-50.00' },
          ],
          total: '1175.00',
        },
        {
          title: 'Expenses (debits − credits of expense accounts, per category; net of input tax)',
          lines: [
            { label: 'Uncategorized Expenses', accountCode: '5000', amount: '30.00' },
            { label: 'Software', accountCode: '5100', amount: '200.00' },
          ],
          total: '230.00',
        },
      ],
      summary: { label: 'Net profit (revenue − expenses)', amount: '945.00' },
      ledgerLines: 22,
      // The base (EUR) and the USD invoice, which has no rate here (no billing to ask): named, left out, never as 0.
      byCurrency: [
        { currency: 'EUR', amount: '945.00', inBase: '945.00', ledgerLines: 22 },
        { currency: 'USD', amount: '100.00', inBase: null, ledgerLines: 3 },
      ],
      excludedCurrencies: ['USD'],
    });
    // The same period in USD: only the USD invoice.
    const usd = await generate(A, { type: 'profit_loss', ...Q4, currency: 'usd' });
    expect([usd.reportData.currency, usd.reportData.summary.amount]).toEqual(['USD', '100.00']);
  });

  it('sales tax per rate, VAT return (output VAT − input tax) and the tax summary', async () => {
    const sales = await generate(A, { type: 'sales_tax', ...Q4 });
    expect(sales.title).toBe('Sales Tax — 2026-Q4');
    expect(sales.reportData.sections.map((x) => [x.lines.map((l) => `${l.label} ${l.amount}`), x.total])).toEqual([
      [['Reduced VAT (5.00%) 400.00', 'State tax (7.25%) 200.00', 'VAT (20.00%) 600.00'], '1200.00'],
      [['Reduced VAT (5.00%) 20.00', 'State tax (7.25%) 14.50', 'VAT (20.00%) 120.00'], '154.50'],
    ]);
    expect(sales.reportData.summary).toEqual({ label: 'Total sales tax collected', amount: '154.50' });

    const ret = await generate(A, { type: 'vat_return', ...Q4 });
    expect(ret.reportData.sections.map((x) => [x.title, x.total])).toEqual([
      ['Output VAT per rate (tax collected at rates of type vat or gst)', '140.00'],
      ['Input tax recoverable (debits − credits of 1200 Input Tax Recoverable, from expenses)', '40.00'],
    ]);
    expect(ret.reportData.summary).toEqual({ label: 'Net VAT due (output VAT − input tax)', amount: '100.00' });

    const sum = await generate(A, { type: 'tax_summary', ...Q4 });
    expect(sum.reportData.sections.map((x) => x.total)).toEqual(['154.50', '40.00', '1175.00']);
    expect(sum.reportData.summary).toEqual({ label: 'Tax payable (collected − input tax)', amount: '114.50' });
  });

  it('lists newest first, reads one, downloads CSV (exact, formula-safe) and a one-page PDF', async () => {
    const r = await generate(A, { type: 'vat_return', period: 'current-month', startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(r.title).toBe('VAT Return — 2026-11');
    const list = (await s.call(A, 'GET', '/api/financial-reports')).json as { reports: FinancialReport[] };
    expect(list.reports[0]!.id).toBe(r.id);
    expect(list.reports.length).toBeGreaterThanOrEqual(6);
    expect((await s.call(A, 'GET', `/api/financial-reports/${r.id}`)).json).toEqual(r);

    const pl = list.reports.find((x) => x.type === 'profit_loss' && x.reportData.currency === 'EUR')!;
    const csv = await s.call(A, 'GET', `/api/financial-reports/${pl.id}/csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="profit-loss-2026-q4-${pl.id}.csv"`);
    expect(csv.body).toContain('"Revenue (credits − debits of revenue accounts; discounts negative)","Sales Discounts","4900","-50.00"');
    expect(csv.body).toContain('"Net profit (revenue − expenses)","","","945.00"');

    const pdf = await s.call(A, 'GET', `/api/financial-reports/${pl.id}/pdf`);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = await pdfText(pdf.raw);
    expect(text).toContain('Profit & Loss — 2026-Q4');
    expect(text).toMatch(/Net profit \(revenue − expenses\)\s+945\.00 EUR/);
    expect(text).toMatch(/Software\s+200\.00/);
    expect(pdfPageCount(pdf.raw)).toBe(1);
  });

  it('a category named like a formula is neutralised in the CSV', async () => {
    const t = randomUUID();
    await s.publish(
      ExpenseEvents.Created,
      t,
      expense({ date: '2026-11-07', categoryId: 5, category: { id: 5, name: '=HYPERLINK("x")', color: '#3B82F6' } }),
    );
    const r = await generate(t, { type: 'profit_loss', ...Q4 });
    const csv = await s.call(t, 'GET', `/api/financial-reports/${r.id}/csv`);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")","5100","100.00"`);
  });

  it('refuses bad input naming the field and stores nothing', async () => {
    const before = (await s.call(A, 'GET', '/api/financial-reports')).json.reports.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...Q4 }, 'type'],
      [{ ...Q4, type: 'balance_sheet' }, 'type'],
      [{ ...Q4, type: 'profit_loss', period: 'last-week' }, 'period'],
      [{ ...Q4, type: 'profit_loss', startDate: '2026-13-01' }, 'startDate'],
      [{ ...Q4, type: 'profit_loss', endDate: '2026-09-01' }, 'endDate'],
      [{ ...Q4, type: 'profit_loss', currency: 'EURO' }, 'currency'],
    ];
    for (const [body, field] of cases) {
      const res = await s.call(A, 'POST', '/api/financial-reports/generate', body);
      expect([res.status, res.json.issues?.[0]?.path], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await s.call(A, 'GET', '/api/financial-reports')).json.reports.length).toBe(before);
    expect((await s.call(A, 'GET', '/api/financial-reports/abc')).status).toBe(400);
  });

  it("tenant B sees none of A's reports", async () => {
    const r = await generate(A, { type: 'tax_summary', ...Q4 });
    expect((await s.call(B, 'GET', '/api/financial-reports')).json).toEqual({ reports: [] });
    for (const path of ['', '/csv', '/pdf']) expect((await s.call(B, 'GET', `/api/financial-reports/${r.id}${path}`)).status).toBe(404);
    const own = await generate(B, { type: 'profit_loss', ...Q4 });
    expect([own.reportData.currency, own.reportData.summary.amount]).toEqual(['USD', '100.00']); // B's default: USD
  });
});

describe('reports in the base currency', () => {
  it("converts every currency at billing's rate of its day, names a currency without a rate and leaves it out (never as 0)", async () => {
    const t = randomUUID();
    await s.publish(OrganizationUpdated, t, settings(t, { defaultCurrency: 'USD' }));
    // Billing's rates in the USD base: EUR 1.10 from October; none for GBP.
    const asked: string[] = [];
    const responder = await rpcRespond(s.bus, BillingExchangeRatesRpc, async (req) => {
      asked.push(req.currency);
      return { base: 'USD', rates: req.currency === 'EUR' ? [{ day: '2026-10-01', rate: '1.1000000000' }] : [] };
    });
    try {
      await s.publish(InvoiceEvents.Sent, t, invoice({ id: 1, currency: 'USD', issueDate: '2026-11-03' }));
      await s.publish(InvoiceEvents.Sent, t, invoice({ id: 2, currency: 'EUR', issueDate: '2026-11-04', exchangeRate: '1.100000' }));
      await s.publish(InvoiceEvents.Sent, t, invoice({ id: 3, currency: 'GBP', issueDate: '2026-11-05' }));

      const pl = await generate(t, { type: 'profit_loss', ...Q4 });
      // Revenue 100 USD + 100 EUR × 1.10 = 210.00 USD; the GBP 100 has no rate.
      expect(pl.reportData.currency).toBe('USD');
      expect(pl.reportData.sections[0]!.total).toBe('210.00');
      expect(pl.reportData.summary.amount).toBe('210.00');
      expect(pl.reportData.byCurrency).toEqual([
        { currency: 'USD', amount: '100.00', inBase: '100.00', ledgerLines: 3 },
        { currency: 'EUR', amount: '100.00', inBase: '110.00', ledgerLines: 3 },
        { currency: 'GBP', amount: '100.00', inBase: null, ledgerLines: 3 },
      ]);
      // Every total without the pounds names them.
      expect(pl.reportData.excludedCurrencies).toEqual(['GBP']);
      expect(asked.sort()).toEqual(['EUR', 'GBP']);

      const st = await generate(t, { type: 'sales_tax', ...Q4 });
      expect([st.reportData.summary.amount, st.reportData.byCurrency?.map((c) => c.inBase)]).toEqual(['21.00', ['10.00', '11.00', null]]);
      const ts = await generate(t, { type: 'tax_summary', ...Q4 });
      expect(ts.reportData.summary.amount).toBe('21.00');
      expect([st.reportData.excludedCurrencies, ts.reportData.excludedCurrencies]).toEqual([['GBP'], ['GBP']]);

      // The CSV and PDF name the currency without a rate.
      const csv = await s.call(t, 'GET', `/api/financial-reports/${pl.id}/csv`);
      expect(csv.body).toContain('"EUR","100.00","110.00"');
      expect(csv.body).toContain('"GBP","100.00","No exchange rate: not included"');
      expect(csv.body).toContain('"Not included: GBP (no exchange rate)"');
      const pdf = await s.call(t, 'GET', `/api/financial-reports/${pl.id}/pdf`);
      const text = await pdfText(pdf.raw);
      expect(text).toMatch(/EUR 100\.00 +110\.00 USD/);
      expect(text).toMatch(/GBP 100\.00 — no exchange rate: not included +—/);
      expect(text).toContain('Not included: GBP (no exchange rate)');

      // One currency asked for: its own figures, unconverted, no breakdown.
      const eur = await generate(t, { type: 'profit_loss', ...Q4, currency: 'EUR' });
      expect([eur.reportData.currency, eur.reportData.summary.amount, eur.reportData.byCurrency]).toEqual(['EUR', '100.00', undefined]);
      expect(eur.reportData.excludedCurrencies).toBeUndefined();
    } finally {
      await responder.stop();
    }
  });
});

describe('the tax summary', () => {
  it("covers the current quarter in the organization's time zone, in its currency or the one asked, and lists the ledger's currencies", async () => {
    const t = randomUUID();
    await s.publish(OrganizationUpdated, t, settings(t, { timezone: 'UTC', defaultCurrency: 'GBP' }));
    const today = new Date().toISOString().slice(0, 10);
    const q = reportPeriodRange('current-quarter', today);
    await s.publish(
      InvoiceEvents.Sent,
      t,
      invoice({
        id: 1,
        currency: 'GBP',
        issueDate: today,
        subtotal: '80.00',
        taxAmount: '16.00',
        total: '96.00',
        taxLines: [vat('VAT', '20.00', '80.00', '16.00')],
      }),
    );
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 2, currency: 'USD', issueDate: today }));
    await s.publish(ExpenseEvents.Created, t, expense({ currency: 'GBP', date: today, amount: '12.00', taxAmount: '2.00' }));
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 3, currency: 'GBP', issueDate: '2020-01-15' })); // an old quarter

    const gbp = (await s.call(t, 'GET', '/api/tax-summary')).json as TaxSummary;
    expect(gbp).toEqual({
      currency: 'GBP',
      period: `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`,
      startDate: q.startDate,
      endDate: q.endDate,
      totalCollected: '16.00',
      totalPayable: '14.00',
      taxableSales: '80.00',
      currencies: ['GBP', 'USD'],
      excludedCurrencies: ['USD'],
      // The dollars have no rate here (no billing to ask): named, and left out of the GBP totals, never as 0.
      byCurrency: [
        {
          currency: 'GBP',
          totalCollected: '16.00',
          totalPayable: '14.00',
          taxableSales: '80.00',
          inBase: expect.objectContaining({ taxableSales: '80.00' }),
        },
        { currency: 'USD', totalCollected: '10.00', totalPayable: '10.00', taxableSales: '100.00', inBase: null },
      ],
    });
    const usd = (await s.call(t, 'GET', '/api/tax-summary?currency=usd')).json as TaxSummary;
    expect([usd.currency, usd.totalCollected, usd.totalPayable, usd.taxableSales]).toEqual(['USD', '10.00', '10.00', '100.00']);
    expect(usd.excludedCurrencies).toEqual([]);
    const bad = await s.call(t, 'GET', '/api/tax-summary?currency=dollars');
    expect([bad.status, bad.json.issues?.[0]?.path]).toEqual([400, 'currency']);
  });
});
