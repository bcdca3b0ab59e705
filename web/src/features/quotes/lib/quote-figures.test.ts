import { describe, expect, it } from 'vitest';
import { makeQuote } from '@/testing/quote-factory';
import { quoteFigures, totalsByCurrency } from './quote-figures';

describe('quote list figures', () => {
  it('adds totals per currency, exactly (0.1 + 0.2 = 0.30), never across currencies', () => {
    expect(
      totalsByCurrency([
        makeQuote({ total: '0.10' }),
        makeQuote({ total: '0.20', currency: 'EUR' }),
        makeQuote({ total: '0.20' }),
        makeQuote({ total: '1000.00', currency: 'EUR' }),
      ]),
    ).toEqual([
      { currency: 'USD', amount: '0.30' },
      { currency: 'EUR', amount: '1000.20' },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });

  it('counts open and accepted quotes with their value, and converts of the closed ones', () => {
    const figures = quoteFigures(
      {
        open: [makeQuote({ total: '100.00' }), makeQuote({ status: 'viewed', total: '50.50' })],
        accepted: [makeQuote({ status: 'accepted', total: '9.99' })],
      },
      { converted: 3, declined: 1, expired: 2 },
    );
    expect(figures.open).toEqual({ count: 2, value: [{ currency: 'USD', amount: '150.50' }] });
    expect(figures.accepted).toEqual({ count: 1, value: [{ currency: 'USD', amount: '9.99' }] });
    expect(figures.closed).toBe(6);
    expect(figures.conversionRate).toBe(0.5);
  });

  it('has no conversion rate before any quote is closed (not 0 %)', () => {
    expect(quoteFigures({ open: [], accepted: [] }, { converted: 0, declined: 0, expired: 0 }).conversionRate).toBeNull();
  });
});
