import type { CreditNoteTaxLine } from './model.ts';

/**
 * Splits `total` (integer minor units ≥ 0) into parts proportional to `weights` (≥ 0) that sum exactly to `total`:
 * each part is the floor of its share, and the units left over go one each to the largest remainders (ties: the
 * earlier weight). All weights 0: everything on the first.
 */
export function allocateLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, w) => a + w, 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0n));
  const parts = weights.map((w) => (total * w) / sum);
  const order = weights
    .map((w, i) => ({ i, rem: (total * w) % sum }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  let left = total - parts.reduce((a, p) => a + p, 0n);
  for (const { i } of order) {
    if (left <= 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts;
}

/** (a × b) / c rounded half-up, for a, b, c ≥ 0 and c > 0. */
const mulDivRound = (a: bigint, b: bigint, c: bigint) => (2n * a * b + c) / (2n * c);

/**
 * The tax lines of an amount credit note (all in the invoice currency's minor units): of a gross `amount` out of the
 * invoice's `invoiceTotal`, the tax is the same share of the invoice's tax (`round(invoiceTax × amount / total)`,
 * half-up), split across the invoice's tax lines in proportion to their tax; the rest (net) is split across them in
 * proportion to their taxable amounts. Largest remainder both times, so the parts sum exactly to the tax and to the
 * net, and crediting the whole total reverses exactly the invoice's tax per rate. Lines with nothing taxable and no
 * tax get nothing (and are left out).
 */
export function splitCreditAmount(
  amount: bigint,
  invoiceTotal: bigint,
  invoiceTaxLines: readonly (Omit<CreditNoteTaxLine, 'taxableAmount' | 'taxAmount'> & { taxable: bigint; tax: bigint })[],
): (Omit<CreditNoteTaxLine, 'taxableAmount' | 'taxAmount'> & { taxable: bigint; tax: bigint })[] {
  if (invoiceTaxLines.length === 0 || invoiceTotal <= 0n) return [];
  const invoiceTax = invoiceTaxLines.reduce((a, l) => a + l.tax, 0n);
  const share = amount >= invoiceTotal ? invoiceTax : mulDivRound(invoiceTax, amount, invoiceTotal);
  const tax = share > amount ? amount : share; // a discount larger than the net: never more tax than the amount
  const taxes = allocateLargestRemainder(
    tax,
    invoiceTaxLines.map((l) => l.tax),
  );
  const nets = allocateLargestRemainder(
    amount - tax,
    invoiceTaxLines.map((l) => (l.taxable > 0n ? l.taxable : 0n)),
  );
  return invoiceTaxLines.map((l, i) => ({ ...l, taxable: nets[i]!, tax: taxes[i]! })).filter((l) => l.taxable !== 0n || l.tax !== 0n);
}
