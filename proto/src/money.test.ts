import { describe, expect, it } from 'vitest';
import { computeInvoice, divRound, fromCents, lineAmount, normalizeMoney, percentOf, sumMoney, toCents, toScaled } from './money.ts';

describe('money', () => {
  it('parses and formats exactly', () => {
    expect(toCents('12.3')).toBe(1230n);
    expect(toCents(0.1)).toBe(10n);
    expect(toCents('-0.005')).toBe(-1n);
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(normalizeMoney('1000')).toBe('1000.00');
    expect(() => toCents('1e3')).toThrow();
    expect(() => toCents('')).toThrow();
    expect(() => toCents('.')).toThrow();
    expect(toScaled('.5', 2)).toBe(50n);
  });

  it('rounds half up to cents', () => {
    expect(lineAmount('1', '0.125')).toBe('0.13');
    expect(lineAmount('3', '33.33')).toBe('99.99');
    expect(lineAmount('0.5', '0.01')).toBe('0.01');
    expect(lineAmount('0.49', '0.01')).toBe('0.00');
    expect(lineAmount(2.5, 19.99)).toBe('49.98');
    expect(divRound(-5n, 10n)).toBe(-1n);
    expect(divRound(4n, 10n)).toBe(0n);
    expect(percentOf('10.05', '10')).toBe('1.01');
    // The float trap: 0.1 + 0.2 is 0.30000000000000004 in JS, exactly 0.30 here.
    expect(sumMoney(['0.1', '0.2'])).toBe('0.30');
  });

  it('computes invoice figures', () => {
    const f = computeInvoice(
      [
        { quantity: '2', rate: '10.50' },
        { quantity: '1.5', rate: '3.33', taxRate: '20' },
      ],
      { taxRate: '10', shippingAmount: '5' },
    );
    expect(f.lines).toEqual([
      { amount: '21.00', taxRate: '10.00', taxAmount: '2.10' },
      { amount: '5.00', taxRate: '20.00', taxAmount: '1.00' },
    ]);
    expect(f).toMatchObject({ subtotal: '26.00', taxAmount: '3.10', discountAmount: '0.00', shippingAmount: '5.00', total: '34.10' });
    expect(computeInvoice([{ quantity: 1, rate: 0 }]).total).toBe('0.00');
  });
});
