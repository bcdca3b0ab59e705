import { describe, expect, it } from 'vitest';
import { daysFromToday, formatQuantity, lineExtras, runningFigures, viewFigures } from './line-items';

describe('running figures', () => {
  it('never drifts: 3 × 33.33 = 99.99; 0.1 + 0.2 = 0.30; unfinished input counts as 0', () => {
    expect(runningFigures([{ quantity: '3', rate: '33.33' }])).toEqual({
      amounts: ['99.99'],
      subtotal: '99.99',
      tax: '0.00',
      total: '99.99',
    });
    expect(
      runningFigures([
        { quantity: 1, rate: '0.1' },
        { quantity: '1', rate: 0.2 },
      ]).total,
    ).toBe('0.30');
    expect(
      runningFigures([
        { quantity: '', rate: '5' },
        { quantity: '2', rate: 'abc' },
        { quantity: '2', rate: '1.5' },
      ]),
    ).toEqual({
      amounts: ['0.00', '0.00', '3.00'],
      subtotal: '3.00',
      tax: '0.00',
      total: '3.00',
    });
  });

  it("adds each line's tax at its own rate (a product's), else the invoice's, to cents", () => {
    const items = [
      { quantity: '3', rate: '33.33', taxRate: '10.00' }, // 99.99 → 10.00 (9.999 half-up)
      { quantity: '1', rate: '5', taxRate: null }, // the invoice's rate
      { quantity: '1', rate: '2', taxRate: 'x' }, // unreadable: none
    ];
    expect(runningFigures(items)).toEqual({ amounts: ['99.99', '5.00', '2.00'], subtotal: '106.99', tax: '10.00', total: '116.99' });
    expect(runningFigures(items, '20').tax).toBe('11.00');
  });

  it('taxes the discounted base, once per rate, as the server does', () => {
    // 100.00 at 19 % less a 10.00 discount: 19 % of 90.00 = 17.10 (not 19.00).
    expect(runningFigures([{ quantity: '1', rate: '100', taxRate: '19' }], undefined, { discountAmount: '10' }).tax).toBe('17.10');
    // 50 lines of 0.10 at 5.5 %: 0.275 → 0.28 on the rate, not 50 × 0.01.
    expect(runningFigures(Array.from({ length: 50 }, () => ({ quantity: '1', rate: '0.10', taxRate: '5.5' }))).tax).toBe('0.28');
    // A discount still being typed past the lines leaves nothing to tax.
    expect(runningFigures([{ quantity: '1', rate: '5', taxRate: '20' }], undefined, { discountAmount: '50' }).tax).toBe('0.00');
  });
});

describe('document view figures', () => {
  it('Subtotal is the sum of the amounts, Tax the sum of the item tax, Total their sum (amounts exclude tax)', () => {
    expect(
      viewFigures([
        { amount: '110.00', taxAmount: '10.00' },
        { amount: '0.10', taxAmount: '0.00' },
        { amount: '0.20', taxAmount: '0.01' },
      ]),
    ).toEqual({ subtotal: '110.30', tax: '10.01', total: '120.31' });
    expect(formatQuantity('3.00')).toBe('3');
    expect(formatQuantity('1.50')).toBe('1.5');
  });
});

describe('line extras and dates', () => {
  it('sends a tax rate by id before a bare percentage, and a product only when linked', () => {
    expect(lineExtras({ taxRateId: 4, taxRate: '20.00', productId: 9 })).toEqual({ taxRateId: 4, productId: 9 });
    expect(lineExtras({ taxRateId: null, taxRate: '8.25', productId: null })).toEqual({ taxRate: '8.25' });
    expect(lineExtras({})).toEqual({});
  });

  it('counts days from the start of today, across a month end', () => {
    expect(daysFromToday(30, new Date(2026, 0, 15, 23, 59))).toBe('2026-02-14');
    expect(daysFromToday(0, new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });
});
