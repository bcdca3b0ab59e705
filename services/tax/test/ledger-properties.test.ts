import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoice, toScaled, fromScaled } from '@billpoint/proto';
import { issueDraft, settledOutside } from '../src/modules/ledger/invoices.ts';
import { totals } from '../src/modules/ledger/journal.ts';
import { buildReport, taxFigures, type LedgerGroup } from '../src/modules/report/report.compute.ts';

/** The reference counts in cents, independently of the code's mills. */
const toCents = (v: string | number) => toScaled(v, 2);
const fromCents = (c: bigint) => fromScaled(c, 2);

/** Cents as a decimal string, and back, without floats. */
const money = (max = 10_000_000) => fc.bigInt({ min: 0n, max: BigInt(max) });
const rate = fc.integer({ min: 0, max: 10_000 }).map((bp) => fromCents(BigInt(bp))); // 0.00 … 100.00 (%)

/** An invoice as billing computes it (the shared proto arithmetic), with its tax per rate. */
const invoiceArb = fc
  .record({
    lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 50 }), rate: money(200_000), taxRate: rate }), {
      minLength: 1,
      maxLength: 6,
    }),
    discountPct: fc.integer({ min: 0, max: 100 }),
    shipping: money(50_000),
  })
  .map(({ lines, discountPct, shipping }) => {
    const items = lines.map((l) => ({ quantity: String(l.quantity), rate: fromCents(l.rate), taxRate: l.taxRate }));
    const subtotalCents = items.reduce((s, it) => s + BigInt(it.quantity) * toCents(it.rate), 0n);
    const discount = fromCents((subtotalCents * BigInt(discountPct)) / 100n);
    const f = computeInvoice(items, { discountAmount: discount, shippingAmount: fromCents(shipping) });
    const byRate = new Map<string, { taxable: bigint; tax: bigint }>();
    for (const l of f.lines) {
      const r = byRate.get(l.taxRate) ?? { taxable: 0n, tax: 0n };
      r.taxable += toCents(l.amount);
      r.tax += toCents(l.taxAmount);
      byRate.set(l.taxRate, r);
    }
    const taxLines = [...byRate].map(([r, v], i) => ({
      taxRateId: i + 1,
      name: `Rate ${r}`,
      type: i % 2 ? 'vat' : 'sales_tax',
      rate: r,
      taxableAmount: fromCents(v.taxable),
      taxAmount: fromCents(v.tax),
    }));
    return { f, taxLines };
  });

const row = (f: ReturnType<typeof computeInvoice>, taxLines: unknown) => ({
  invoice_id: '1',
  deleted: false,
  invoice_number: 'INV-1',
  status: 'sent',
  currency: 'USD',
  issue_date: '2026-11-01',
  subtotal: f.subtotal,
  tax_amount: f.taxAmount,
  discount_amount: f.discountAmount,
  shipping_amount: f.shippingAmount,
  total: f.total,
  amount_paid: '0.00',
  paid_at: null,
  tax_lines: taxLines as never,
});

/** The issue entry's lines as ledger groups (what the report query sums). */
function groupsOf(draft: ReturnType<typeof issueDraft>): LedgerGroup[] {
  const type: Record<string, string> = {
    '1100': 'asset',
    '4000': 'revenue',
    '4100': 'revenue',
    '4900': 'contra_revenue',
    '2100': 'liability',
  };
  return draft.lines.map((l) => ({
    code: l.account,
    name: l.account,
    type: type[l.account]!,
    tax_rate_id: l.tax?.rateId == null ? null : String(l.tax.rateId),
    tax_rate_name: l.tax?.name ?? null,
    tax_type: l.tax?.type ?? null,
    tax_rate: l.tax?.rate ?? null,
    debit: l.debit ?? '0',
    credit: l.credit ?? '0',
    taxable: l.tax?.taxableAmount ?? null,
    lines: 1,
  }));
}

describe('ledger arithmetic (properties, exact integers)', () => {
  it('every issue entry balances and receivable equals the invoice total, with or without tax lines', () => {
    fc.assert(
      fc.property(invoiceArb, fc.boolean(), ({ f, taxLines }, withLines) => {
        const d = issueDraft(row(f, withLines ? taxLines : null));
        const t = totals(d.lines);
        expect(t.debit).toBe(t.credit);
        expect(d.lines.find((l) => l.account === '1100')!.debit).toBe(f.total);
        for (const l of d.lines) expect((l.debit ?? l.credit)!.startsWith('-')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('reports: collected = Σ tax per rate = invoice tax; taxable sales = subtotal − discount + shipping; net profit = net sales', () => {
    fc.assert(
      fc.property(invoiceArb, ({ f, taxLines }) => {
        const groups = groupsOf(issueDraft(row(f, taxLines)));
        const sales = buildReport('sales_tax', 'USD', groups);
        expect(sales.summary.amount).toBe(f.taxAmount);
        const perRate = sales.sections[1]!.lines.reduce((s, l) => s + toCents(l.amount), 0n);
        expect(fromCents(perRate)).toBe(f.taxAmount);
        const netSales = toCents(f.subtotal) - toCents(f.discountAmount) + toCents(f.shippingAmount);
        expect(taxFigures(groups)).toEqual({ totalCollected: f.taxAmount, totalPayable: f.taxAmount, taxableSales: fromCents(netSales) });
        expect(buildReport('profit_loss', 'USD', groups).summary.amount).toBe(fromCents(netSales));
        const vatOut = taxLines.filter((l) => l.type === 'vat').reduce((s, l) => s + toCents(l.taxAmount), 0n);
        expect(buildReport('vat_return', 'USD', groups).summary.amount).toBe(fromCents(vatOut));
      }),
      { numRuns: 300 },
    );
  });

  it('cash booked for a paid invoice (payments seen + settled outside) never exceeds max(total, payments) and reaches the total', () => {
    fc.assert(
      fc.property(money(), money(), money(), (total, amountPaid, booked) => {
        // settledOutside counts in mills; the reference in cents.
        const outside = settledOutside(fromCents(total), fromCents(amountPaid), booked * 10n) / 10n;
        expect(outside >= 0n).toBe(true);
        const cash = booked + outside;
        expect(cash <= (total > booked ? total : booked)).toBe(true);
        // Once the ledger has seen every payment billing counted, cash is at least the total.
        if (booked >= amountPaid) expect(cash >= total).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
