import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeInvoice } from './money.ts';
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

/** The model: a line amount is q·r/100 (hundredths × hundredths → cents), half up; its tax amount·p/10000, half up. */
function model(ls: { q: bigint; r: bigint; p: bigint | null }[], invoiceRate: bigint, discount: bigint, shipping: bigint) {
  const amounts = ls.map((l) => halfUp(l.q * l.r, 100n));
  const taxes = ls.map((l, i) => halfUp(amounts[i]! * (l.p ?? invoiceRate), 10_000n));
  const subtotal = amounts.reduce((a, b) => a + b, 0n);
  const tax = taxes.reduce((a, b) => a + b, 0n);
  return { amounts, taxes, subtotal, tax, total: subtotal + tax - discount + shipping };
}

describe('invoice tax arithmetic (fast-check against exact integers)', () => {
  it('each line tax is its amount × its rate (or the invoice rate) to the cent, half up; tax and total add up', () => {
    fc.assert(
      fc.property(
        lines,
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        (ls, invoiceRate, discount, shipping) => {
          const f = computeInvoice(
            ls.map((l) => ({ quantity: cents(l.q), rate: cents(l.r), taxRate: l.p == null ? null : cents(l.p) })),
            { taxRate: cents(invoiceRate), discountAmount: cents(discount), shippingAmount: cents(shipping) },
          );
          const m = model(ls, invoiceRate, discount, shipping);
          expect(f.lines.map((l) => l.amount)).toEqual(m.amounts.map(cents));
          expect(f.lines.map((l) => l.taxAmount)).toEqual(m.taxes.map(cents));
          expect(f.lines.map((l) => l.taxRate)).toEqual(ls.map((l) => cents(l.p ?? invoiceRate)));
          expect(f.subtotal).toBe(cents(m.subtotal));
          expect(f.taxAmount).toBe(cents(m.tax));
          expect(f.total).toBe(m.total < 0n ? `-${cents(-m.total)}` : cents(m.total));
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

  it('the tax lines group by (rate id, percentage), and their taxable amounts and tax add up to the invoice exactly', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const f = computeInvoice(ls.map((l) => ({ quantity: cents(l.q), rate: cents(l.r), taxRate: l.p == null ? null : cents(l.p) })));
        const items = f.lines.map((l, i) => ({
          ...l,
          taxRateId: ls[i]!.id,
          taxRateName: ls[i]!.id == null ? null : `Rate ${ls[i]!.id}`,
          taxType: ls[i]!.id == null ? null : 'vat',
        }));
        const groups = taxLinesOf(items);
        const m = model(ls, 0n, 0n, 0n);
        // One group per distinct (id, percentage), in order of first appearance; lines without tax at rate "0.00".
        const keys = [...new Set(ls.map((l) => `${l.id ?? ''}|${cents(l.p ?? 0n)}`))];
        expect(groups.map((g) => `${g.taxRateId ?? ''}|${g.rate}`)).toEqual(keys);
        for (const g of groups) {
          const mine = ls.flatMap((l, i) => (`${l.id ?? ''}|${cents(l.p ?? 0n)}` === `${g.taxRateId ?? ''}|${g.rate}` ? [i] : []));
          expect(g.taxableAmount).toBe(cents(mine.reduce((a, i) => a + m.amounts[i]!, 0n)));
          expect(g.taxAmount).toBe(cents(mine.reduce((a, i) => a + m.taxes[i]!, 0n)));
          expect(g.name).toBe(g.taxRateId == null ? null : `Rate ${g.taxRateId}`);
        }
        const sum = (k: 'taxableAmount' | 'taxAmount') => groups.reduce((a, g) => a + BigInt(g[k].replace('.', '')), 0n);
        expect(sum('taxableAmount')).toBe(m.subtotal);
        expect(sum('taxAmount')).toBe(m.tax);
        expect(cents(sum('taxAmount'))).toBe(f.taxAmount);
      }),
      { numRuns: 300 },
    );
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
