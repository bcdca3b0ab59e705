import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, Invoice, Product, Quote, RecurringInvoice } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { invoiceBody, makeCustomer } from './support/factories.ts';
import { quoteBody } from './support/quotes.ts';
import { scheduleBody } from './support/recurring.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

/** A new organization whose default currency is `currency`, once billing, customers and catalog have its settings. */
async function organizationIn(currency: string): Promise<{ c: HttpClient; tenantId: string }> {
  const c = stack.client();
  const me = await c.register();
  const saved = await c.post('/api/organization-settings', { companyName: 'Studio', defaultCurrency: currency });
  expect(saved.status, saved.text).toBe(200);
  await waitFor(async () => ((await c.get('/api/exchange-rates')).json as { base: string }).base === currency);
  for (const schema of ['customers', 'catalog'])
    await waitFor(
      async () =>
        (
          await stack.db.query(`select 1 from ${schema}.organizations where tenant_id = $1 and default_currency = $2`, [
            me.organization.id,
            currency,
          ])
        ).rowCount === 1,
    );
  return { c, tenantId: me.organization.id };
}

const created = async <T>(res: Promise<{ status: number; text: string; json: unknown }>): Promise<T> => {
  const r = await res;
  expect(r.status, r.text).toBe(201);
  return r.json as T;
};

describe("the organization's currency is the default", () => {
  it('a customer, product, invoice, quote and schedule made without a currency are in the organization’s (EUR)', async () => {
    const { c } = await organizationIn('EUR');
    const customer = await created<Customer>(c.post('/api/customers', { name: 'Kunde', email: 'kunde@example.test' }));
    expect(customer.currency).toBe('EUR');
    const product = await created<Product>(c.post('/api/products', { name: 'Design hour', price: '95.00' }));
    expect(product.currency).toBe('EUR');

    const invoice = await created<Invoice>(c.post('/api/invoices', invoiceBody(customer.id)));
    expect(invoice).toMatchObject({ currency: 'EUR', exchangeRate: '1.000000' });
    const quote = await created<Quote>(c.post('/api/quotes', quoteBody(customer.id)));
    expect(quote).toMatchObject({ currency: 'EUR', exchangeRate: '1.000000' });
    const schedule = await created<RecurringInvoice>(c.post('/api/recurring-invoices', scheduleBody(customer.id)));
    expect(schedule.currency).toBe('EUR');
  });

  it('a quote can be made in GBP; a GBP customer’s documents are in GBP; a replacement without a currency keeps it', async () => {
    const { c } = await organizationIn('EUR');
    const gbpQuote = await created<Quote>(
      c.post('/api/quotes', quoteBody((await makeCustomer(c)).id, { quote: { currency: 'GBP', exchangeRate: '1.17' } })),
    );
    expect(gbpQuote).toMatchObject({ currency: 'GBP', exchangeRate: '1.170000' });

    const british = await makeCustomer(c, { currency: 'GBP' });
    const invoice = await created<Invoice>(c.post('/api/invoices', invoiceBody(british.id, { invoice: { exchangeRate: '1.17' } })));
    expect(invoice.currency).toBe('GBP');
    const quote = await created<Quote>(c.post('/api/quotes', quoteBody(british.id, { quote: { exchangeRate: '1.17' } })));
    expect(quote.currency).toBe('GBP');
    const schedule = await created<RecurringInvoice>(c.post('/api/recurring-invoices', scheduleBody(british.id)));
    expect(schedule.currency).toBe('GBP');

    // The edit forms send the whole record; one without a currency keeps the record's.
    const renamed = await c.put(`/api/recurring-invoices/${schedule.id}`, scheduleBody(british.id, { name: 'Renamed plan' }));
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Renamed plan', currency: 'GBP' });
    const edited = await c.put(
      `/api/quotes/${quote.id}`,
      quoteBody(british.id, { items: [{ description: 'More', quantity: '1', rate: '5' }] }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ currency: 'GBP', exchangeRate: '1.170000' });
    const yen = await created<Product>(c.post('/api/products', { name: 'Licence', price: '1500', currency: 'JPY' }));
    const repriced = await c.put(`/api/products/${yen.id}`, { name: 'Licence', price: '1600' });
    expect(repriced.status, repriced.text).toBe(200);
    expect(repriced.json).toMatchObject({ currency: 'JPY', price: '1600' });
  });

  it('a price is checked against the currency it takes by default: a yen organization’s product has no decimals', async () => {
    const { c } = await organizationIn('JPY');
    const refused = await c.post('/api/products', { name: 'Tea', price: '1500.50' });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toMatchObject({ issues: [expect.objectContaining({ path: 'price', message: 'JPY prices have no decimals' })] });
    expect((await c.get('/api/products')).json).toMatchObject([]);
    const ok = await created<Product>(c.post('/api/products', { name: 'Tea', price: '1500' }));
    expect(ok).toMatchObject({ currency: 'JPY', price: '1500' });
  });

  it('a schedule for a customer whose currency no schedule bills in names the field', async () => {
    const { c } = await organizationIn('EUR');
    const swiss = await makeCustomer(c, { currency: 'CHF' });
    const res = await c.post('/api/recurring-invoices', scheduleBody(swiss.id));
    expect(res.status, res.text).toBe(400);
    expect(JSON.stringify(res.json)).toContain('"path":"currency"');
  });
});
