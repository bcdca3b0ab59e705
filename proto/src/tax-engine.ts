/**
 * The one tax engine of invoices and quotes: the web form, the API, the PDF, the e-invoice, the ledger and the reports
 * all read the figures it computes (or the figures it stored).
 *
 * The rules, in the order they are applied, all in integer minor units of the document's currency:
 * 1. A line amount is quantity × unit price, rounded half away from zero to the currency's minor unit.
 * 2. The document discount lowers the taxable amount of what it discounts: it is shared among the lines in proportion
 *    to their amounts (largest remainder, so the shares add up to the discount exactly; ties go to the earlier line).
 * 3. Shipping and other charges are an ancillary supply and follow the VAT of the supply they belong to: they are
 *    shared among the lines in proportion to each line's amount after its discount share, so with lines at mixed
 *    rates each rate carries the part of the charge its goods carry. When nothing is left to weigh by (every line
 *    nets to zero), the whole charge goes to the first line.
 * 4. Per rate (the percentage), the taxable base is the sum of its lines' amounts − discount shares + charge shares,
 *    and its VAT is base × rate rounded ONCE (`per_rate`, EN 16931's rule for the VAT breakdown). An organization
 *    whose jurisdiction rounds per line (some US sales-tax setups) chooses `per_line`: each line's VAT is its own
 *    taxable share × rate rounded, and the rate's VAT is their sum.
 * 5. With `per_rate`, a line's VAT is for information only: the rate's VAT shared among its lines by taxable share
 *    (largest remainder), so lines, rates and the document always add up to the same tax.
 * 6. Total = subtotal − discount + shipping + tax.
 */
import { currencyDecimals, divRound, fromScaled, toScaled } from './money.ts';

export const TaxRoundings = ['per_rate', 'per_line'] as const;
export type TaxRounding = (typeof TaxRoundings)[number];

export interface LineInput {
  quantity: string | number;
  rate: string | number;
  /** Percent; defaults to the document's taxRate. */
  taxRate?: string | number | null;
}

export interface ComputedLine {
  amount: string;
  taxRate: string;
  /** The line's VAT: information only under `per_rate` (its share of its rate's VAT). */
  taxAmount: string;
  /** The part of the document discount this line carries. */
  discountShare: string;
  /** The part of the document's shipping this line carries. */
  shippingShare: string;
  /** amount − discountShare + shippingShare: what the line adds to its rate's taxable base. */
  taxableAmount: string;
}

export interface TaxBreakdown {
  /** The percentage, 2 decimals. */
  rate: string;
  /** Σ line amounts of the rate. */
  lineAmount: string;
  discountAmount: string;
  shippingAmount: string;
  taxableAmount: string;
  taxAmount: string;
}

export interface InvoiceFigures {
  lines: ComputedLine[];
  taxes: TaxBreakdown[];
  subtotal: string;
  taxAmount: string;
  discountAmount: string;
  shippingAmount: string;
  total: string;
}

export interface EngineOptions {
  taxRate?: string | number | null;
  discountAmount?: string | number | null;
  shippingAmount?: string | number | null;
  /**
   * ISO 4217 code; decides the minor unit amounts are rounded to (JPY 0, EUR 2; a 3-decimal currency such as KWD is
   * kept to 2 while documents are stored as numeric(15,2)). Absent: 2 decimals.
   */
  currency?: string | null;
  rounding?: TaxRounding | null;
}

/** Shares `total` among `weights` in proportion, by largest remainder: the parts add up to `total` exactly. */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, w) => a + w, 0n);
  if (sum <= 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, p) => a + p, 0n);
  if (left > 0n) {
    const order = weights
      .map((w, i) => ({ i, rem: (total * w) % sum }))
      .sort((a, b) => (b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.i - b.i));
    for (const { i } of order) {
      if (left === 0n) break;
      parts[i]! += 1n;
      left -= 1n;
    }
  }
  return parts;
}

/** A percentage in hundredths of a percent ("5.5" → 550n). */
const percentScaled = (v: string | number) => toScaled(v, 2);

/** minor × percent (hundredths) / 100, rounded half away from zero to the minor unit. */
const taxOf = (minor: bigint, pct: bigint) => divRound(minor * pct, 10_000n);

/**
 * The figures of a document from its lines: amounts in the currency's minor unit, stored and answered with at least 2
 * decimals ("51.00" for yen), tax by the rules above.
 */
export function computeInvoice(items: readonly LineInput[], o: EngineOptions = {}): InvoiceFigures {
  const d = o.currency ? currencyDecimals(o.currency) : 2;
  const shown = Math.max(d, 2);
  const fmt = (minor: bigint) => fromScaled(minor * 10n ** BigInt(shown - d), shown);
  const minor = (v: string | number) => toScaled(v, d);
  const rounding = o.rounding ?? 'per_rate';

  const pcts = items.map((it) => percentScaled(it.taxRate ?? o.taxRate ?? 0));
  // quantity and unit price up to 4 decimals each: the product has 8, rounded once to the minor unit.
  const amounts = items.map((it) => divRound(toScaled(it.quantity, 4) * toScaled(it.rate, 4), 10n ** BigInt(8 - d)));
  const discount = minor(o.discountAmount ?? 0);
  const shipping = minor(o.shippingAmount ?? 0);
  const discounts = allocate(discount, amounts);
  const nets = amounts.map((a, i) => a - discounts[i]!);
  const charges = allocate(
    shipping,
    nets.map((n) => (n > 0n ? n : 0n)),
  );
  const taxables = nets.map((n, i) => n + charges[i]!);

  // Rates in the order they first appear.
  const byRate = new Map<bigint, number[]>();
  pcts.forEach((p, i) => byRate.set(p, [...(byRate.get(p) ?? []), i]));
  const lineTax = new Array<bigint>(items.length).fill(0n);
  const taxes: TaxBreakdown[] = [];
  for (const [pct, idx] of byRate) {
    const base = idx.reduce((s, i) => s + taxables[i]!, 0n);
    let tax: bigint;
    if (rounding === 'per_line') {
      for (const i of idx) lineTax[i] = taxOf(taxables[i]!, pct);
      tax = idx.reduce((s, i) => s + lineTax[i]!, 0n);
    } else {
      tax = taxOf(base, pct);
      const shares = allocate(
        tax,
        idx.map((i) => (taxables[i]! > 0n ? taxables[i]! : 0n)),
      );
      idx.forEach((i, k) => (lineTax[i] = shares[k]!));
    }
    const sum = (xs: readonly bigint[]) => idx.reduce((s, i) => s + xs[i]!, 0n);
    taxes.push({
      rate: fromScaled(pct, 2),
      lineAmount: fmt(sum(amounts)),
      discountAmount: fmt(sum(discounts)),
      shippingAmount: fmt(sum(charges)),
      taxableAmount: fmt(base),
      taxAmount: fmt(tax),
    });
  }

  const subtotal = amounts.reduce((a, b) => a + b, 0n);
  const taxAmount = lineTax.reduce((a, b) => a + b, 0n);
  return {
    lines: items.map((_, i) => ({
      amount: fmt(amounts[i]!),
      taxRate: fromScaled(pcts[i]!, 2),
      taxAmount: fmt(lineTax[i]!),
      discountShare: fmt(discounts[i]!),
      shippingShare: fmt(charges[i]!),
      taxableAmount: fmt(taxables[i]!),
    })),
    taxes,
    subtotal: fmt(subtotal),
    taxAmount: fmt(taxAmount),
    discountAmount: fmt(discount),
    shippingAmount: fmt(shipping),
    total: fmt(subtotal - discount + shipping + taxAmount),
  };
}

/** quantity × unit price, rounded to the currency's minor unit (2 decimals when no currency is named). */
export function lineAmount(quantity: string | number, rate: string | number, currency?: string | null): string {
  return computeInvoice([{ quantity, rate }], { currency }).lines[0]!.amount;
}
