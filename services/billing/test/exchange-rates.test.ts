import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, ExchangeRates, Invoice, TaxSummary } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { FX_FIXTURE_DATE, serveRates } from './support/fx.ts';
import { runReferenceRatesJob } from '../src/modules/exchange-rate/reference-rates.ts';

let stack: Stack;
let fx: Awaited<ReturnType<typeof serveRates>>;
beforeAll(async () => {
  fx = await serveRates();
  stack = await startStack({ env: { FX_RATES_URL: fx.url, FX_RATES_INTERVAL_MS: '86400000' } });
});
afterAll(async () => {
  await stack?.close();
  await fx?.close();
});

/** A new organization (base USD) whose billing copy exists, with the fixture's reference rates stored. */
async function tenant(): Promise<{ c: HttpClient; tenantId: string }> {
  const c = stack.client();
  const me = await c.register();
  const tenantId = me.organization.id;
  await waitFor(async () => (await stack.db.query(`select 1 from billing.organizations where tenant_id = $1`, [tenantId])).rowCount === 1);
  await runReferenceRatesJob(stack.billing.ctx, fx.url);
  return { c, tenantId };
}

const rates = async (c: HttpClient, date = FX_FIXTURE_DATE) => {
  const res = await c.get(`/api/exchange-rates?date=${date}`);
  expect(res.status, res.text).toBe(200);
  return res.json as ExchangeRates;
};
const rateOf = (r: ExchangeRates, currency: string) => r.rates.find((x) => x.currency === currency);
const items = (rate: string) => [{ description: 'Work', quantity: '1', rate }];

describe('exchange rates', () => {
  it('rates fixture → a EUR invoice at 1.10 has totalInBaseCurrency 110.00, and the dashboard counts it as 110.00 USD once paid', async () => {
    const { c } = await tenant();
    const r = await rates(c);
    expect(r.base).toBe('USD');
    // 1 EUR = 1.10 USD; GBP through the euro: 1.10 ÷ 0.88; JPY: 1.10 ÷ 165, exact to 10 places (half-up).
    expect(rateOf(r, 'EUR')).toMatchObject({ rate: '1.1000000000', source: 'ecb', date: FX_FIXTURE_DATE });
    expect(rateOf(r, 'GBP')?.rate).toBe('1.2500000000');
    expect(rateOf(r, 'JPY')?.rate).toBe('0.0066666667');
    expect(rateOf(r, 'USD')).toBeUndefined();
    // Rates in force on a later day are the newest before it; before the first day there are none.
    expect(rateOf(await rates(c, '2027-01-05'), 'EUR')?.date).toBe(FX_FIXTURE_DATE);
    expect((await rates(c, '2026-11-19')).rates).toEqual([]);

    const customer = await makeCustomer(c);
    const eur = await makeInvoice(c, customer.id, {
      invoice: { currency: 'EUR', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' },
      items: items('100.00'),
    });
    expect(eur).toMatchObject({ exchangeRate: '1.100000', total: '100.00', totalInBaseCurrency: '110.00' });
    const paid = await c.put(`/api/invoices/${eur.id}`, { customerId: customer.id, status: 'paid', items: items('100.00') });
    expect(paid.status, paid.text).toBe(200);
    const stats = (await c.get('/api/dashboard/stats')).json as DashboardStats;
    expect(stats.totalRevenue).toBe(110);
    expect(stats.currencyBreakdown).toEqual([{ currency: 'EUR', total: 100 }]);
    expect(stats.baseCurrency).toBe('USD');
  });

  it('keeps a manual rate: the daily job never overwrites it', async () => {
    const { c } = await tenant();
    const put = await c.put('/api/exchange-rates/eur', { rate: '1.2', date: FX_FIXTURE_DATE });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ currency: 'EUR', rate: '1.2000000000', source: 'manual', date: FX_FIXTURE_DATE });
    const before = fx.requests();
    await runReferenceRatesJob(stack.billing.ctx, fx.url);
    expect(fx.requests()).toBe(before + 1);
    const r = await rates(c);
    expect(rateOf(r, 'EUR')).toMatchObject({ rate: '1.2000000000', source: 'manual' });
    expect(rateOf(r, 'GBP')).toMatchObject({ rate: '1.2500000000', source: 'ecb' });
    // A manual rate of another day (no date: today) is in force from that day on; the ECB's day keeps its own.
    const customer = await makeCustomer(c);
    const inv = await makeInvoice(c, customer.id, {
      invoice: { currency: 'EUR', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' },
      items: items('10.00'),
    });
    expect(inv).toMatchObject({ exchangeRate: '1.200000', totalInBaseCurrency: '12.00' });
    // A rate given with the invoice wins over the table.
    const given = await makeInvoice(c, customer.id, {
      invoice: { currency: 'EUR', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20', exchangeRate: '1.05' },
      items: items('10.00'),
    });
    expect(given).toMatchObject({ exchangeRate: '1.050000', totalInBaseCurrency: '10.50' });
  });

  it('a draft takes the rate of its new day or currency; an issued invoice keeps its rate', async () => {
    const { c } = await tenant();
    await c.put('/api/exchange-rates/GBP', { rate: '1.3', date: '2026-11-25' });
    const customer = await makeCustomer(c);
    const draft = await makeInvoice(c, customer.id, {
      invoice: { currency: 'EUR', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' },
      items: items('100.00'),
    });
    const moved = await c.put(`/api/invoices/${draft.id}`, {
      customerId: customer.id,
      currency: 'GBP',
      issueDate: '2026-11-26',
      items: items('100.00'),
    });
    expect(moved.json).toMatchObject({ currency: 'GBP', exchangeRate: '1.300000', totalInBaseCurrency: '130.00' });
    const sent = await c.put(`/api/invoices/${draft.id}`, { customerId: customer.id, status: 'sent', items: items('100.00') });
    expect(sent.status, sent.text).toBe(200);
    await c.put('/api/exchange-rates/GBP', { rate: '1.4', date: '2026-11-26' });
    const later = await c.put(`/api/invoices/${draft.id}`, { customerId: customer.id, issueDate: '2026-11-26', items: items('100.00') });
    expect(later.json).toMatchObject({ exchangeRate: '1.300000', totalInBaseCurrency: '130.00' });
  });

  it('answers 400 naming the field for bad input, and when no rate is known', async () => {
    const { c } = await tenant();
    const issue = async (res: { status: number; json: any }) => {
      expect(res.status).toBe(400);
      return (res.json.issues as { path: string }[]).map((i) => i.path);
    };
    for (const rate of ['abc', '0', '-1', '1.12345678901', '1000000000000', '', null])
      expect(await issue(await c.put('/api/exchange-rates/EUR', { rate })), String(rate)).toEqual(['rate']);
    expect(await issue(await c.put('/api/exchange-rates/EUR', { rate: '1.1', date: '2026-02-30' }))).toEqual(['date']);
    expect(await issue(await c.put('/api/exchange-rates/EUR', { rate: '1.1', extra: 1 }))).toEqual(['extra']);
    expect(await issue(await c.put('/api/exchange-rates/EURO', { rate: '1.1' }))).toEqual(['currency']);
    expect(await issue(await c.put('/api/exchange-rates/USD', { rate: '1.1' }))).toEqual(['currency']); // the base
    expect(await issue(await c.get('/api/exchange-rates?date=yesterday'))).toEqual(['date']);
    const customer = await makeCustomer(c);
    const res = await c.post('/api/invoices', {
      invoice: { customerId: customer.id, currency: 'SEK', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' },
      items: items('10.00'),
    });
    expect(await issue(res)).toEqual(['invoice.exchangeRate']);
    expect(res.json.message).toContain('No exchange rate for SEK on 2026-11-20');
    // Before the first known rate too.
    const early = await c.post('/api/invoices', {
      invoice: { customerId: customer.id, currency: 'EUR', issueDate: '2026-11-19', dueDate: '2026-12-20' },
      items: items('10.00'),
    });
    expect(await issue(early)).toEqual(['invoice.exchangeRate']);
    const none = await c.get('/api/invoices');
    expect(none.json).toEqual([]);
  });

  it('restates rates, invoices and the dashboard when the base currency changes (no figure drops to 0)', async () => {
    const { c, tenantId } = await tenant();
    await c.put('/api/exchange-rates/GBP', { rate: '1.32', date: FX_FIXTURE_DATE }); // manual, in USD
    const customer = await makeCustomer(c);
    const dates = { issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' };
    const eur = await makeInvoice(c, customer.id, { invoice: { currency: 'EUR', ...dates }, items: items('100.00'), status: 'paid' });
    const usd = await makeInvoice(c, customer.id, { invoice: { currency: 'USD', ...dates }, items: items('55.00'), status: 'paid' });
    const gbp = await makeInvoice(c, customer.id, { invoice: { currency: 'GBP', ...dates }, items: items('10.00'), status: 'sent' });
    expect([eur.totalInBaseCurrency, usd.totalInBaseCurrency, gbp.totalInBaseCurrency]).toEqual(['110.00', '55.00', '13.20']);
    expect(((await c.get('/api/dashboard/stats')).json as DashboardStats).totalRevenue).toBe(165);

    const saved = await c.post('/api/organization-settings', { companyName: 'Euro Co', defaultCurrency: 'EUR' });
    expect(saved.status, saved.text).toBe(200);
    await waitFor(async () => (await rates(c)).base === 'EUR');

    const get = async (i: Invoice) => (await c.get(`/api/invoices/${i.id}`)).json as Invoice;
    expect(await get(eur)).toMatchObject({ exchangeRate: '1.000000', totalInBaseCurrency: '100.00' });
    expect(await get(usd)).toMatchObject({ exchangeRate: '0.909091', totalInBaseCurrency: '50.00' });
    expect(await get(gbp)).toMatchObject({ exchangeRate: '1.200000', totalInBaseCurrency: '12.00' });
    const stats = (await c.get('/api/dashboard/stats')).json as DashboardStats;
    expect(stats).toMatchObject({ baseCurrency: 'EUR', totalRevenue: 150, outstanding: 12 });
    const r = await rates(c);
    expect(rateOf(r, 'USD')).toMatchObject({ rate: '0.9090909091', source: 'ecb' });
    expect(rateOf(r, 'GBP')).toMatchObject({ rate: '1.2000000000', source: 'manual' });
    expect(rateOf(r, 'EUR')).toBeUndefined();
    // The next run of the job stores the reference rates in the new base and still keeps the manual one.
    await runReferenceRatesJob(stack.billing.ctx, fx.url);
    const after = await rates(c);
    expect(rateOf(after, 'USD')).toMatchObject({ rate: '0.9090909091', source: 'ecb' });
    expect(rateOf(after, 'GBP')).toMatchObject({ rate: '1.2000000000', source: 'manual' });
    expect(rateOf(after, 'CHF')?.rate).toBe('1.0695187166'); // 1 ÷ 0.935
    const left = await stack.db.query(`select count(*)::int as n from billing.exchange_rates where tenant_id = $1 and currency = 'EUR'`, [
      tenantId,
    ]);
    expect(left.rows[0]?.n).toBe(0);
  });

  it('a payment takes the rate of its day; at another rate than its invoice the ledger posts the realised gain', async () => {
    const { c, tenantId } = await tenant();
    await c.put('/api/exchange-rates/EUR', { rate: '1.2', date: '2026-11-23' });
    const customer = await makeCustomer(c);
    const inv = await makeInvoice(c, customer.id, {
      invoice: { currency: 'EUR', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' },
      items: items('100.00'),
      status: 'sent',
    });
    expect(inv.exchangeRate).toBe('1.100000');
    const paid = await c.post('/api/payments', {
      invoiceId: inv.id,
      amount: '100',
      paymentMethod: 'bank_transfer',
      paymentDate: '2026-11-23',
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json).toMatchObject({ currency: 'EUR', exchangeRate: '1.200000', amountInBaseCurrency: '120.00' });
    // 100 EUR booked at 1.10 (110.00 USD) came in worth 120.00 USD: a gain of 10.00, in USD, on the payment's day.
    const fx = async () =>
      (
        await stack.db.query(
          `select e.entry_date::text as date, e.currency, array_agg(a.code || ' ' || l.debit_amount || '/' || l.credit_amount order by l.line_number) as lines
             from tax.journal_entries e join tax.journal_entry_lines l on l.entry_id = e.id join tax.chart_of_accounts a on a.id = l.account_id
            where e.tenant_id = $1 and e.source_key = $2 group by e.id`,
          [tenantId, `payment:${paid.json.id}:fx`],
        )
      ).rows;
    await waitFor(async () => (await fx()).length === 1);
    expect(await fx()).toEqual([{ date: '2026-11-23', currency: 'USD', lines: ['1000 10.00/0.00', '4200 0.00/10.00'] }]);
    // Billing's copy counts the payment at its own rate.
    await waitFor(async () => ((await c.get(`/api/invoices/${inv.id}`)).json as Invoice).status === 'paid');
    const stats = (await c.get('/api/dashboard/stats')).json as DashboardStats;
    expect(stats.paymentMethodStats).toEqual([{ method: 'bank_transfer', amount: 120, count: 1 }]);
  });

  it('the tax overview after switching the base to EUR shows the dollar sales in euros, not €0.00 (the issue’s example)', async () => {
    const { c } = await tenant();
    const customer = await makeCustomer(c);
    const today = new Date().toISOString().slice(0, 10);
    const sent = await makeInvoice(c, customer.id, {
      invoice: { issueDate: today, dueDate: '2099-12-31', taxRate: '10' },
      items: items('1549.99'),
      status: 'sent',
    });
    expect(sent.total).toBe('1704.99');
    const summary = async () => (await c.get('/api/tax-summary')).json as TaxSummary;
    await waitFor(async () => (await summary()).taxableSales === '1549.99');
    const saved = await c.post('/api/organization-settings', { companyName: 'Euro Co', defaultCurrency: 'EUR' });
    expect(saved.status, saved.text).toBe(200);
    await waitFor(async () => (await rates(c)).base === 'EUR' && (await summary()).currency === 'EUR');
    // $1,549.99 at the rate in force today (USD in EUR: 1 ÷ 1.10 = 0.9090909091), to the cent; tax 154.999… → 155.00 × rate.
    const s = await summary();
    expect(s).toMatchObject({ currency: 'EUR', taxableSales: '1409.08', totalCollected: '140.91', totalPayable: '140.91' });
    expect(s.byCurrency).toEqual([
      expect.objectContaining({ currency: 'EUR', taxableSales: '0.00' }),
      {
        currency: 'USD',
        totalCollected: '155.00',
        totalPayable: '155.00',
        taxableSales: '1549.99',
        inBase: { totalCollected: '140.91', totalPayable: '140.91', taxableSales: '1409.08' },
      },
    ]);
  });

  it('gives an organization created after the last run that day’s rates at once', async () => {
    await tenant(); // a run has stored the fixture's day
    const c = stack.client();
    const me = await c.register();
    await waitFor(
      async () => (await stack.db.query(`select 1 from billing.organizations where tenant_id = $1`, [me.organization.id])).rowCount === 1,
    );
    expect(rateOf(await rates(c), 'EUR')).toMatchObject({ rate: '1.1000000000', source: 'ecb' });
  });

  it('logs and carries on when the provider cannot be reached or answers something else', async () => {
    const { c } = await tenant();
    const closed = await serveRates();
    await closed.close();
    await expect(runReferenceRatesJob(stack.billing.ctx, closed.url)).resolves.toBe(0);
    const junk = await serveRates(() => '<html>maintenance</html>');
    try {
      await expect(runReferenceRatesJob(stack.billing.ctx, junk.url)).resolves.toBe(0);
    } finally {
      await junk.close();
    }
    expect(rateOf(await rates(c), 'EUR')?.rate).toBe('1.1000000000');
  });
});
