import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, ExchangeRates, Quote } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer } from './support/factories.ts';
import { FX_FIXTURE_DATE, serveRates } from './support/fx.ts';
import { issuedInvoice, makeCreditNote } from './support/credit-notes.ts';
import { eventsOf, makeQuote, quoteBody } from './support/quotes.ts';
import { runReferenceRatesJob } from '../src/modules/exchange-rate/reference-rates.ts';
import { CREDIT_NOTE_BACKFILL, QUOTE_BACKFILL } from '../src/migrations/0022-quote-credit-note-base-currency.ts';

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

/** A new organization (base USD) with the fixture's reference rates (1 EUR = 1.10 USD, 1 GBP = 1.25 USD) and a customer. */
async function tenant(): Promise<{ c: HttpClient; customerId: number; tenantId: string }> {
  const c = stack.client();
  const me = await c.register();
  await waitFor(
    async () => (await stack.db.query(`select 1 from billing.organizations where tenant_id = $1`, [me.organization.id])).rowCount === 1,
  );
  await runReferenceRatesJob(stack.billing.ctx, fx.url);
  const customer = await makeCustomer(c, { email: 'buyer@example.test' });
  return { c, customerId: customer.id, tenantId: me.organization.id };
}

const items = (rate: string) => [{ description: 'Work', quantity: '1', rate }];
const dates = { issueDate: FX_FIXTURE_DATE, validUntil: '2026-12-20' };
const paths = (res: { json: unknown }) => ((res.json as { issues?: { path: string }[] }).issues ?? []).map((i) => i.path);

describe('quotes and credit notes in the base currency', () => {
  it('a EUR quote at 1.10 has totalInBaseCurrency 110.00; a new currency or day takes its rate, else the rate stays', async () => {
    const { c, customerId } = await tenant();
    const q = await makeQuote(c, customerId, { quote: { currency: 'EUR', ...dates }, items: items('100.00') });
    expect(q).toMatchObject({ currency: 'EUR', exchangeRate: '1.100000', total: '100.00', totalInBaseCurrency: '110.00' });
    expect((await eventsOf(stack, 'evt.billing.quote.created', q.id))[0]).toMatchObject({
      exchangeRate: '1.100000',
      totalInBaseCurrency: '110.00',
    });
    const usd = await makeQuote(c, customerId, { quote: { ...dates }, items: items('55.00') });
    expect(usd).toMatchObject({ exchangeRate: '1.000000', totalInBaseCurrency: '55.00' });

    // A later rate in the table does not move a quote whose currency and day stay…
    await c.put('/api/exchange-rates/EUR', { rate: '1.2', date: '2026-11-25' });
    const same = await c.put(
      `/api/quotes/${q.id}`,
      quoteBody(customerId, { quote: { currency: 'EUR', ...dates }, items: items('200.00') }),
    );
    expect(same.status, same.text).toBe(200);
    expect(same.json).toMatchObject({ exchangeRate: '1.100000', total: '200.00', totalInBaseCurrency: '220.00' });
    // …a new day takes that day's rate, a new currency its own, a typed rate wins (also through the public API's PATCH).
    const later = await c.put(
      `/api/quotes/${q.id}`,
      quoteBody(customerId, { quote: { currency: 'EUR', ...dates, issueDate: '2026-11-26' } }),
    );
    expect(later.json).toMatchObject({ exchangeRate: '1.200000', total: '201.00', totalInBaseCurrency: '241.20' });
    const gbp = await c.put(`/api/quotes/${q.id}`, quoteBody(customerId, { quote: { currency: 'GBP', ...dates }, items: items('100.00') }));
    expect(gbp.json).toMatchObject({ currency: 'GBP', exchangeRate: '1.250000', totalInBaseCurrency: '125.00' });
    const typed = await c.put(
      `/api/quotes/${q.id}`,
      quoteBody(customerId, { quote: { currency: 'GBP', exchangeRate: 1.3, ...dates }, items: items('100.00') }),
    );
    expect(typed.json).toMatchObject({ exchangeRate: '1.300000', totalInBaseCurrency: '130.00' });
    expect((await c.get(`/api/quotes/${q.id}`)).json).toMatchObject({ exchangeRate: '1.300000', totalInBaseCurrency: '130.00' });
    expect((await c.get('/api/quotes')).json as Quote[]).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: q.id, exchangeRate: '1.300000', totalInBaseCurrency: '130.00' })]),
    );
  });

  it('answers 400 on quote.exchangeRate when a foreign currency has no known rate, or for a bad typed one', async () => {
    const { c, customerId } = await tenant();
    const none = await c.post('/api/quotes', quoteBody(customerId, { quote: { currency: 'SEK', ...dates }, items: items('10.00') }));
    expect(none.status).toBe(400);
    expect(paths(none)).toEqual(['quote.exchangeRate']);
    expect(none.json.message).toContain('No exchange rate for SEK on 2026-11-20');
    const early = await c.post(
      '/api/quotes',
      quoteBody(customerId, { quote: { currency: 'EUR', issueDate: '2026-11-19', validUntil: '2026-12-20' } }),
    );
    expect(paths(early)).toEqual(['quote.exchangeRate']);
    for (const exchangeRate of ['abc', '0', '-1', '1.1234567'] as const) {
      const bad = await c.post('/api/quotes', quoteBody(customerId, { quote: { currency: 'SEK', exchangeRate, ...dates } }));
      expect(bad.status, exchangeRate).toBe(400);
      expect(paths(bad), exchangeRate).toEqual(['quote.exchangeRate']);
    }
    // Its total in base currency must fit, as an invoice's.
    const huge = await c.post(
      '/api/quotes',
      quoteBody(customerId, {
        quote: { currency: 'SEK', exchangeRate: '86764.03', ...dates },
        items: [{ description: 'Big', quantity: '1', rate: '9999999999' }],
      }),
    );
    expect(huge.status).toBe(400);
    expect(paths(huge)).toEqual(['quote.exchangeRate']);
    expect((await c.get('/api/quotes')).json).toEqual([]);
    const typed = await makeQuote(c, customerId, { quote: { currency: 'SEK', exchangeRate: '0.095', ...dates }, items: items('1000.00') });
    expect(typed).toMatchObject({ exchangeRate: '0.095000', totalInBaseCurrency: '95.00' });
  });

  it('a credit note of a EUR invoice at 1.10 takes the invoice’s rate, not the rate of its own day', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, {
      invoice: { currency: 'EUR', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' },
      items: items('100.00'),
    });
    expect(inv).toMatchObject({ exchangeRate: '1.100000', totalInBaseCurrency: '110.00' });
    await c.put('/api/exchange-rates/EUR', { rate: '1.5' }); // today's rate: a credit note corrects the invoice at the invoice's
    const note = await makeCreditNote(c, { invoiceId: inv.id, reason: 'Discount agreed', resolution: 'reduce_balance', amount: '45.45' });
    expect(note).toMatchObject({ currency: 'EUR', total: '45.45', exchangeRate: '1.100000', totalInBaseCurrency: '50.00' }); // 49.995 half-up
    expect((await c.get(`/api/credit-notes/${note.id}`)).json).toMatchObject({ exchangeRate: '1.100000', totalInBaseCurrency: '50.00' });
    expect((await c.get('/api/credit-notes')).json as CreditNote[]).toMatchObject([{ id: note.id, totalInBaseCurrency: '50.00' }]);
    const [event] = await stack.db
      .query<{ data: CreditNote }>(
        `select payload -> 'data' as data from billing.outbox where subject = 'evt.billing.credit_note.created' and payload -> 'data' ->> 'id' = $1`,
        [String(note.id)],
      )
      .then((r) => r.rows);
    expect(event!.data).toMatchObject({ exchangeRate: '1.100000', totalInBaseCurrency: '50.00' });
    // The rest at the same rate, each note rounded half-up on its own (60.005 → 60.01).
    const rest = await makeCreditNote(c, { invoiceId: inv.id, reason: 'Cancelled', resolution: 'reduce_balance', amount: '54.55' });
    expect(rest).toMatchObject({ exchangeRate: '1.100000', totalInBaseCurrency: '60.01' });
  });

  it('a change of base currency restates quotes and credit notes', async () => {
    const { c, customerId } = await tenant();
    const eurQuote = await makeQuote(c, customerId, { quote: { currency: 'EUR', ...dates }, items: items('100.00') });
    const usdQuote = await makeQuote(c, customerId, { quote: { ...dates }, items: items('55.00') });
    const gbpQuote = await makeQuote(c, customerId, { quote: { currency: 'GBP', ...dates }, items: items('10.00') });
    const inv = await issuedInvoice(c, customerId, {
      invoice: { currency: 'USD', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' },
      items: items('110.00'),
    });
    const note = await makeCreditNote(c, { invoiceId: inv.id, reason: 'Returned', resolution: 'reduce_balance', amount: '55.00' });
    expect([eurQuote, usdQuote, gbpQuote].map((q) => q.totalInBaseCurrency)).toEqual(['110.00', '55.00', '12.50']);
    expect(note).toMatchObject({ exchangeRate: '1.000000', totalInBaseCurrency: '55.00' });

    const saved = await c.post('/api/organization-settings', { companyName: 'Euro Co', defaultCurrency: 'EUR' });
    expect(saved.status, saved.text).toBe(200);
    await waitFor(async () => ((await c.get(`/api/exchange-rates?date=${FX_FIXTURE_DATE}`)).json as ExchangeRates).base === 'EUR');

    const quote = async (q: Quote) => (await c.get(`/api/quotes/${q.id}`)).json as Quote;
    expect(await quote(eurQuote)).toMatchObject({ exchangeRate: '1.000000', totalInBaseCurrency: '100.00' });
    expect(await quote(usdQuote)).toMatchObject({ exchangeRate: '0.909091', totalInBaseCurrency: '50.00' });
    expect(await quote(gbpQuote)).toMatchObject({ exchangeRate: '1.136364', totalInBaseCurrency: '11.36' }); // 1.25 ÷ 1.10
    // The credit note follows its invoice's restated rate.
    expect((await c.get(`/api/invoices/${inv.id}`)).json).toMatchObject({ exchangeRate: '0.909091', totalInBaseCurrency: '100.00' });
    expect((await c.get(`/api/credit-notes/${note.id}`)).json).toMatchObject({ exchangeRate: '0.909091', totalInBaseCurrency: '50.00' });
  });

  it('migration 0022 backfills quotes (the rate in force on their day, else 1) and credit notes (their invoice’s rate)', async () => {
    const { c, customerId, tenantId } = await tenant();
    const eur = await makeQuote(c, customerId, { quote: { currency: 'EUR', ...dates }, items: items('100.00') });
    const usd = await makeQuote(c, customerId, { quote: { ...dates }, items: items('55.00') });
    const sek = await makeQuote(c, customerId, { quote: { currency: 'SEK', exchangeRate: '0.095', ...dates }, items: items('100.00') });
    const inv = await issuedInvoice(c, customerId, {
      invoice: { currency: 'EUR', exchangeRate: '1.2', issueDate: FX_FIXTURE_DATE, dueDate: '2026-12-20' },
      items: items('100.00'),
    });
    const note = await makeCreditNote(c, { invoiceId: inv.id, reason: 'Returned', resolution: 'reduce_balance', amount: '10.00' });
    // As the rows were before 0022: the columns' defaults.
    await stack.db.query(`update billing.quotes set exchange_rate = 1, total_in_base_currency = 0 where tenant_id = $1`, [tenantId]);
    await stack.db.query(`update billing.credit_notes set exchange_rate = 1, total_in_base_currency = 0 where tenant_id = $1`, [tenantId]);
    for (const sql of [...QUOTE_BACKFILL, ...CREDIT_NOTE_BACKFILL]) await stack.db.query(sql);

    const quote = async (q: Quote) => (await c.get(`/api/quotes/${q.id}`)).json as Quote;
    expect(await quote(eur)).toMatchObject({ exchangeRate: '1.100000', totalInBaseCurrency: '110.00' });
    expect(await quote(usd)).toMatchObject({ exchangeRate: '1.000000', totalInBaseCurrency: '55.00' });
    expect(await quote(sek)).toMatchObject({ exchangeRate: '1.000000', totalInBaseCurrency: '100.00' }); // no SEK rate known
    expect((await c.get(`/api/credit-notes/${note.id}`)).json).toMatchObject({ exchangeRate: '1.200000', totalInBaseCurrency: '12.00' });
  });
});
