import { describe, expect, it } from 'vitest';
import { QuoteMessages } from '@billpoint/proto';
import { makeQuote } from '@/testing/quote-factory';
import { newQuoteForm, quoteFormSchema, quoteToForm, toQuoteBody } from './quote-form';

describe('quote form', () => {
  it('starts valid 30 days from today, with one empty line', () => {
    const form = newQuoteForm('2026-11-26', new Date(2026, 10, 26, 15, 0));
    expect(form.validUntil).toBe('2026-12-26');
    expect(form.items).toEqual([{ description: '', quantity: '1', rate: '0' }]);
  });

  it('builds the create body: lines with their exact amounts, product and tax rate; USD without discount or shipping', () => {
    const values = quoteFormSchema.parse({
      ...newQuoteForm('2026-11-26'),
      customerId: '7',
      validUntil: '2026-12-26',
      items: [
        { description: 'Design', quantity: '3', rate: '33.33', taxRateId: 5, taxRate: '20.00', productId: 9 },
        { description: 'Hosting', quantity: '1', rate: '0.1' },
      ],
    });
    expect(toQuoteBody(values)).toEqual({
      quote: {
        customerId: 7,
        issueDate: '2026-11-26',
        validUntil: '2026-12-26',
        currency: 'USD',
        discountAmount: '0.00',
        shippingAmount: '0.00',
        notes: null,
        terms: null,
        templateId: null,
      },
      items: [
        { description: 'Design', quantity: '3.00', rate: '33.33', amount: '99.99', taxRateId: 5, productId: 9 },
        { description: 'Hosting', quantity: '1.00', rate: '0.10', amount: '0.10' },
      ],
    });
  });

  it('keeps what the form does not show on edit (currency, discount, shipping, the issue date) and the line ids', () => {
    const quote = makeQuote({ id: 4, currency: 'EUR', discountAmount: '5.00', shippingAmount: '2.50', issueDate: '2026-01-02' });
    const body = toQuoteBody(quoteFormSchema.parse(quoteToForm(quote)), quote);
    expect(body.quote).toMatchObject({ currency: 'EUR', discountAmount: '5.00', shippingAmount: '2.50', issueDate: '2026-01-02' });
    expect(body.items[0]).toMatchObject({ id: 401, description: 'Consulting', amount: '99.99' });
  });

  it("says the server's words: a customer, a valid-until date not before the issue date, at least one line", () => {
    const result = quoteFormSchema.safeParse({ ...newQuoteForm('2026-11-26'), validUntil: '2026-11-25', items: [] });
    const messages = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toContainEqual(['customerId', 'Customer is required']);
    expect(messages).toContainEqual(['items', 'At least one item is required']);
    const dates = quoteFormSchema.safeParse({
      ...newQuoteForm('2026-11-26'),
      customerId: '1',
      validUntil: '2026-11-25',
      items: [{ description: 'Design', quantity: '1', rate: '10' }],
    });
    expect(dates.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['validUntil', QuoteMessages.validUntilBeforeIssue]]);
  });

  it('sends a typed exchange rate (6 places), none when the box is empty, and refuses a bad one on its field', () => {
    const base = { ...newQuoteForm('2026-11-26'), customerId: '7', items: [{ description: 'Work', quantity: '1', rate: '100' }] };
    const eur = { currency: 'EUR', discountAmount: '0.00', shippingAmount: '0.00' };
    expect(toQuoteBody(quoteFormSchema.parse({ ...base, exchangeRate: ' 1.1 ' }), eur).quote.exchangeRate).toBe('1.100000');
    expect(toQuoteBody(quoteFormSchema.parse(base), eur).quote).not.toHaveProperty('exchangeRate');
    const bad = quoteFormSchema.safeParse({ ...base, exchangeRate: '0' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['exchangeRate']);
    // Editing keeps the stored rate (sent back as it is).
    expect(quoteToForm(makeQuote({ currency: 'EUR', exchangeRate: '1.250000' })).exchangeRate).toBe('1.250000');
  });
});
