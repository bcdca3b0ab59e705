import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  currencyDecimals,
  divMills,
  divRound,
  fitsMinorUnit,
  fromMills,
  normalizeMoney,
  percentOf,
  roundMills,
  sumMoney,
  toMills,
  toScaled,
} from './money.ts';
import { computeInvoice, lineAmount } from './tax-engine.ts';

describe('money', () => {
  it('parses and formats exactly', () => {
    expect(toMills('12.3')).toBe(12300n);
    expect(toMills(0.1)).toBe(100n);
    expect(toMills('-0.0005')).toBe(-1n);
    expect(fromMills(50n)).toBe('0.05');
    expect(fromMills(-50n)).toBe('-0.05');
    expect(fromMills(1005n)).toBe('1.005');
    expect(fromMills(-1005n)).toBe('-1.005');
    expect(fromMills(0n)).toBe('0.00');
    expect(normalizeMoney('1000')).toBe('1000.00');
    expect(() => toMills('1e3')).toThrow();
    expect(() => toMills('')).toThrow();
    expect(() => toMills('.')).toThrow();
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
    // Rounded once: 49 % of 0.01 is 0.0049, which stays 0.00 and is never first rounded to 0.005 and then up.
    expect(percentOf('0.01', '49')).toBe('0.00');
    expect(divMills(49n, 10n, 2)).toBe(0n);
    expect(divMills(50n, 10n, 2)).toBe(10n);
    // The float trap: 0.1 + 0.2 is 0.30000000000000004 in JS, exactly 0.30 here.
    expect(sumMoney(['0.1', '0.2'])).toBe('0.30');
  });

  it('keeps the third decimal of the dinars and rounds every currency to its own minor unit', () => {
    expect([currencyDecimals('KWD'), currencyDecimals('BHD'), currencyDecimals('OMR')]).toEqual([3, 3, 3]);
    expect([currencyDecimals('EUR'), currencyDecimals('JPY')]).toEqual([2, 0]);
    expect(sumMoney(['1.005', '0.001'])).toBe('1.006');
    expect(normalizeMoney('1.005', 3)).toBe('1.005');
    expect(normalizeMoney('1.005', 2)).toBe('1.01');
    expect(normalizeMoney('0.5', 0)).toBe('1.00');
    expect(roundMills(toMills('1.004'), 2)).toBe(toMills('1.00'));
    expect(percentOf('1.005', '5', 3)).toBe('0.05');
    expect(percentOf('1.010', '5', 3)).toBe('0.051');
    expect([fitsMinorUnit('1.005', 3), fitsMinorUnit('1.005', 2), fitsMinorUnit('51', 0), fitsMinorUnit('0.5', 0)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    const f = computeInvoice([{ quantity: '1', rate: '1.005' }], { currency: 'KWD' });
    expect([f.subtotal, f.total]).toEqual(['1.005', '1.005']);
    expect(lineAmount('3', '0.3335', 'KWD')).toBe('1.001');
  });

  it('computes invoice figures', () => {
    const f = computeInvoice(
      [
        { quantity: '2', rate: '10.50' },
        { quantity: '1.5', rate: '3.33', taxRate: '20' },
      ],
      { taxRate: '10', shippingAmount: '5' },
    );
    // Shipping follows the goods: 5.00 × 21/26 = 4.038… and 5.00 × 5/26 = 0.961…, the odd cent to the larger remainder.
    expect(f.lines).toEqual([
      { amount: '21.00', taxRate: '10.00', taxAmount: '2.50', discountShare: '0.00', shippingShare: '4.04', taxableAmount: '25.04' },
      { amount: '5.00', taxRate: '20.00', taxAmount: '1.19', discountShare: '0.00', shippingShare: '0.96', taxableAmount: '5.96' },
    ]);
    expect(f).toMatchObject({ subtotal: '26.00', taxAmount: '3.69', discountAmount: '0.00', shippingAmount: '5.00', total: '34.69' });
    expect(computeInvoice([{ quantity: 1, rate: 0 }]).total).toBe('0.00');
  });
});

/**
 * Property: the invoice arithmetic never drifts from exact decimal arithmetic. The reference below works on integer
 * cents and basis points with its own rounding (add half, floor), independent of `divRound`/`toScaled`.
 */
describe('money properties (fast-check)', () => {
  const cents = (max: number) => fc.integer({ min: 0, max });
  /** The reference counts in cents. */
  const toCents = (v: string) => toScaled(v, 2);
  const text = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  /** a × b / d rounded half up, for non-negative integers. */
  const refRound = (a: bigint, b: bigint, d: bigint) => (a * b * 2n + d) / (2n * d);
  const line = fc.record({
    q: cents(1_000_000_00), // quantity up to 1,000,000.00
    r: cents(1_000_000_00), // rate up to 1,000,000.00
    t: fc.option(cents(100_00), { nil: undefined }), // own tax rate, percent with 2 decimals
    asNumber: fc.boolean(),
  });

  it('a line amount is quantity × rate rounded half-up to cents, exactly', () => {
    fc.assert(
      fc.property(line, ({ q, r, asNumber }) => {
        const expected = refRound(BigInt(q), BigInt(r), 100n); // cents × cents = 1/10000; to cents
        const got = asNumber ? lineAmount(q / 100, r / 100) : lineAmount(text(q), text(r));
        expect(toCents(got)).toBe(expected);
        expect(got).toMatch(/^\d+\.\d{2}$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounding per line: subtotal, tax and total equal the exact sums of the lines', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), cents(100_00), (lines, invoiceRate) => {
        const [discount, shipping] = [0, 0];
        const f = computeInvoice(
          lines.map((l) => ({ quantity: text(l.q), rate: text(l.r), taxRate: l.t === undefined ? undefined : text(l.t) })),
          { taxRate: text(invoiceRate), rounding: 'per_line' },
        );
        let subtotal = 0n;
        let tax = 0n;
        lines.forEach((l, i) => {
          const amount = refRound(BigInt(l.q), BigInt(l.r), 100n);
          const rate = BigInt(l.t ?? invoiceRate); // basis points of a percent: 1/10000
          const lineTax = refRound(amount, rate, 10_000n);
          expect(toCents(f.lines[i]!.amount)).toBe(amount);
          expect(toCents(f.lines[i]!.taxAmount)).toBe(lineTax);
          subtotal += amount;
          tax += lineTax;
        });
        expect(toCents(f.subtotal)).toBe(subtotal);
        expect(toCents(f.taxAmount)).toBe(tax);
        expect(toCents(f.total)).toBe(subtotal + tax - BigInt(discount) + BigInt(shipping));
      }),
      { numRuns: 500 },
    );
  });

  it('sums of many small amounts never pick up float error', () => {
    fc.assert(
      fc.property(fc.array(cents(10_000), { maxLength: 200 }), (values) => {
        expect(toCents(sumMoney(values.map(text)))).toBe(values.reduce((a, v) => a + BigInt(v), 0n));
      }),
    );
  });
});
