import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeInvoice } from './tax-engine.ts';
import { InvoiceItemInput, taxLinesOf } from './invoice.ts';

/**
 * The tax arithmetic of invoice lines against an independent model in exact integers: amounts in cents, percentages
 * in hundredths, rounding half up written out as (2·n + d) / (2·d) on non-negative integers.
 */
const cents = (n: bigint) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** quantity and rate in hundredths (0–1,000,000.00), a percentage in hundredths (0–100.00) or none. */
const line = fc.record({
  q: fc.bigInt({ min: 0n, max: 100_000_000n }),
  r: fc.bigInt({ min: 0n, max: 100_000_000n }),
  p: fc.option(fc.bigInt({ min: 0n, max: 10_000n }), { nil: null }),
  id: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
});
const lines = fc.array(line, { minLength: 1, maxLength: 30 });

/** A line amount is q·r/100 (hundredths × hundredths → cents), half up. */
const amountOf = (l: { q: bigint; r: bigint }) => halfUp(l.q * l.r, 100n);

/**
 * What the law asks of the figures, checked without the engine's algorithm: the discount's shares add up to it and each
 * is its line's proportional part to within a cent (the same for shipping over the discounted amounts); each rate's VAT is
 * its base (amounts − discount + shipping) × rate, rounded once; lines, rates and the total add up.
 */
function checkAgainstLaw(
  f: ReturnType<typeof computeInvoice>,
  ls: { q: bigint; r: bigint; p: bigint | null }[],
  invoiceRate: bigint,
  discount: bigint,
  shipping: bigint,
) {
  const c = (v: string) => BigInt(v.replace('.', ''));
  const amounts = ls.map(amountOf);
  const subtotal = amounts.reduce((a, b) => a + b, 0n);
  expect(f.lines.map((l) => c(l.amount))).toEqual(amounts);
  const d = f.lines.map((l) => c(l.discountShare));
  const h = f.lines.map((l) => c(l.shippingShare));
  expect(d.reduce((a, b) => a + b, 0n)).toBe(discount);
  expect(h.reduce((a, b) => a + b, 0n)).toBe(shipping);
  const within = (part: bigint, whole: bigint, w: bigint, sum: bigint) => {
    const diff = part * sum - whole * w; // |part − whole·w/sum| < 1  ⇔  |diff| < sum
    expect(diff < sum && -diff < sum).toBe(true);
  };
  if (subtotal > 0n) amounts.forEach((a, i) => within(d[i]!, discount, a, subtotal));
  const nets = amounts.map((a, i) => a - d[i]!);
  const netSum = nets.reduce((a, b) => a + b, 0n);
  if (netSum > 0n) nets.forEach((n, i) => within(h[i]!, shipping, n, netSum));
  let tax = 0n;
  for (const pct of new Set(ls.map((l) => l.p ?? invoiceRate))) {
    const idx = ls.flatMap((l, i) => ((l.p ?? invoiceRate) === pct ? [i] : []));
    const base = idx.reduce((s, i) => s + nets[i]! + h[i]!, 0n);
    const vat = halfUp(base * pct, 10_000n);
    expect(idx.reduce((s, i) => s + c(f.lines[i]!.taxAmount), 0n)).toBe(vat);
    const row = f.taxes.find((t) => c(t.rate) === pct)!;
    expect([c(row.taxableAmount), c(row.taxAmount)]).toEqual([base, vat]);
    tax += vat;
  }
  expect(c(f.subtotal)).toBe(subtotal);
  expect(c(f.taxAmount)).toBe(tax);
  expect(c(f.total)).toBe(subtotal - discount + shipping + tax);
}

describe('invoice tax arithmetic (fast-check against exact integers)', () => {
  it("discount and shipping inside each rate's base, VAT per rate rounded once; everything adds up", () => {
    fc.assert(
      fc.property(
        lines,
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 100n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        (ls, invoiceRate, discountPercent, shipping) => {
          // A discount of up to the whole subtotal (a larger one is refused before the engine runs).
          const subtotal = ls.map(amountOf).reduce((a, b) => a + b, 0n);
          const discount = (subtotal * discountPercent) / 100n;
          const f = computeInvoice(
            ls.map((l) => ({ quantity: cents(l.q), rate: cents(l.r), taxRate: l.p == null ? null : cents(l.p) })),
            { taxRate: cents(invoiceRate), discountAmount: cents(discount), shippingAmount: cents(shipping) },
          );
          checkAgainstLaw(f, ls, invoiceRate, discount, shipping);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('with no rate anywhere the figures are the untaxed ones: tax 0, total = subtotal − discount + shipping', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const f = computeInvoice(ls.map((l) => ({ quantity: cents(l.q), rate: cents(l.r) })));
        expect(f.taxAmount).toBe('0.00');
        expect(f.lines.every((l) => l.taxRate === '0.00' && l.taxAmount === '0.00')).toBe(true);
        expect(f.total).toBe(f.subtotal);
      }),
    );
  });

  it('the tax lines group by (rate id, percentage); their taxable amounts and tax add up to the invoice exactly', () => {
    fc.assert(
      fc.property(lines, fc.bigInt({ min: 0n, max: 50n }), fc.bigInt({ min: 0n, max: 100_000n }), (ls, discountPercent, shipping) => {
        const subtotal = ls.map(amountOf).reduce((a, b) => a + b, 0n);
        const discount = (subtotal * discountPercent) / 100n;
        const f = computeInvoice(
          ls.map((l) => ({ quantity: cents(l.q), rate: cents(l.r), taxRate: l.p == null ? null : cents(l.p) })),
          { discountAmount: cents(discount), shippingAmount: cents(shipping) },
        );
        const items = f.lines.map((l, i) => ({
          ...l,
          taxRateId: ls[i]!.id,
          taxRateName: ls[i]!.id == null ? null : `Rate ${ls[i]!.id}`,
          taxType: ls[i]!.id == null ? null : 'vat',
        }));
        const groups = taxLinesOf(items);
        const c = (v: string) => BigInt(v.replace('.', ''));
        // One group per distinct (id, percentage), in order of first appearance; lines without tax at rate "0.00".
        const keys = [...new Set(ls.map((l) => `${l.id ?? ''}|${cents(l.p ?? 0n)}`))];
        expect(groups.map((g) => `${g.taxRateId ?? ''}|${g.rate}`)).toEqual(keys);
        for (const g of groups) {
          const mine = ls.flatMap((l, i) => (`${l.id ?? ''}|${cents(l.p ?? 0n)}` === `${g.taxRateId ?? ''}|${g.rate}` ? [i] : []));
          const line = (i: number) => f.lines[i]!;
          expect(c(g.taxableAmount)).toBe(
            mine.reduce((a, i) => a + c(line(i).amount) - c(line(i).discountShare) + c(line(i).shippingShare), 0n),
          );
          expect(c(g.taxAmount)).toBe(mine.reduce((a, i) => a + c(line(i).taxAmount), 0n));
          expect(g.name).toBe(g.taxRateId == null ? null : `Rate ${g.taxRateId}`);
        }
        const sum = (k: 'taxableAmount' | 'taxAmount') => groups.reduce((a, g) => a + c(g[k]), 0n);
        expect(sum('taxableAmount')).toBe(subtotal - discount + shipping);
        expect(cents(sum('taxAmount'))).toBe(f.taxAmount);
      }),
      { numRuns: 300 },
    );
  });

  it('figures an accountant computes by hand', () => {
    // 50 lines of 0.10 at 5.5 %: 5.00 × 5.5 % = 0.275 → 0.28, not 50 × 0.01 = 0.50.
    const fifty = computeInvoice(Array.from({ length: 50 }, () => ({ quantity: '1', rate: '0.10', taxRate: '5.5' })));
    expect([fifty.subtotal, fifty.taxAmount, fifty.total]).toEqual(['5.00', '0.28', '5.28']);
    expect(fifty.taxes).toEqual([
      { rate: '5.50', lineAmount: '5.00', discountAmount: '0.00', shippingAmount: '0.00', taxableAmount: '5.00', taxAmount: '0.28' },
    ]);
    // 100.00 at 19 % and 50.00 at 7 %, 15.00 off and 4.95 of shipping: the discount 10.00 / 5.00, the shipping on the
    // discounted 90.00 / 45.00 as 3.30 / 1.65; bases 93.30 and 46.65; VAT 17.727 → 17.73 and 3.2655 → 3.27.
    const mixed = computeInvoice(
      [
        { quantity: '2', rate: '50', taxRate: '19' },
        { quantity: '1', rate: '50', taxRate: '7' },
      ],
      { discountAmount: '15', shippingAmount: '4.95' },
    );
    expect(mixed.taxes.map((t) => [t.rate, t.discountAmount, t.shippingAmount, t.taxableAmount, t.taxAmount])).toEqual([
      ['19.00', '10.00', '3.30', '93.30', '17.73'],
      ['7.00', '5.00', '1.65', '46.65', '3.27'],
    ]);
    expect([mixed.taxAmount, mixed.total]).toEqual(['21.00', '160.95']);
    // Shipping on an invoice of 20 % lines is taxed at 20 %: 100.00 + 4.95 → VAT 20.99.
    const shipped = computeInvoice([{ quantity: '1', rate: '100', taxRate: '20' }], { shippingAmount: '4.95' });
    expect([shipped.taxAmount, shipped.total]).toEqual(['20.99', '125.94']);
    // Per line (a sales-tax setup that rounds each line): 50 × 0.10 at 5.5 % gives 50 × 0.01.
    const perLine = computeInvoice(
      Array.from({ length: 50 }, () => ({ quantity: '1', rate: '0.10', taxRate: '5.5' })),
      { rounding: 'per_line' },
    );
    expect(perLine.taxAmount).toBe('0.50');
  });

  it("amounts follow the currency's minor unit; quantities and prices take 4 decimals", () => {
    const yen = computeInvoice([{ quantity: '0.5', rate: '101', taxRate: '10' }], { currency: 'JPY' });
    // 0.5 × ¥101 = ¥50.5 → ¥51; VAT 5.1 → ¥5.
    expect([yen.subtotal, yen.taxAmount, yen.total]).toEqual(['51.00', '5.00', '56.00']);
    const fine = computeInvoice([{ quantity: '1000', rate: '0.0125' }], { currency: 'EUR' });
    expect(fine.subtotal).toBe('12.50');
    expect(computeInvoice([{ quantity: '1.2345', rate: '1.0001' }]).subtotal).toBe('1.23');
  });

  it('a line item accepts a tax rate id (or none) beside its percentage', () => {
    expect(InvoiceItemInput.parse({ description: 'A', quantity: '1', rate: '2', taxRateId: 7 }).taxRateId).toBe(7);
    expect(InvoiceItemInput.parse({ description: 'A', quantity: '1', rate: '2', taxRateId: null }).taxRateId).toBeNull();
    expect(InvoiceItemInput.parse({ description: 'A', quantity: '1', rate: '2' }).taxRateId).toBeUndefined();
    for (const bad of [0, -1, 1.5, '7', 2 ** 60]) {
      const r = InvoiceItemInput.safeParse({ description: 'A', quantity: '1', rate: '2', taxRateId: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({ path: ['taxRateId'], message: 'Tax rate must be a tax rate id' });
    }
  });
});
