import {
  computeInvoice,
  fitsMinorUnit,
  fromMills,
  fromMinor,
  fromScaled,
  splitCreditAmount,
  sumMoney,
  taxLinesOf,
  toMills,
  toMinor,
  toScaled,
  currencyDecimals,
  type CreditNoteCreate,
  type Invoice,
  type InvoiceItem,
} from '@billpoint/proto';
import { Invalid } from '@billpoint/kit';
import type { NewCreditNoteLine } from './credit-note.sql.ts';

export interface CreditFigures {
  lines: NewCreditNoteLine[];
  subtotal: string;
  taxAmount: string;
  total: string;
}

const pct = (v: string | null | undefined) => fromScaled(toScaled(v || '0', 2), 2);
const taxOf = (it: InvoiceItem) => ({
  taxRate: pct(it.taxRate),
  taxRateId: it.taxRateId,
  taxRateName: it.taxRateName,
  taxType: it.taxType,
});

/** The invoice's tax percentages in words ("VAT 20 (20.00%), 10.00%"), for a refusal. */
const taxesInWords = (items: readonly InvoiceItem[]) =>
  taxLinesOf(items)
    .map((l) => (l.name ? `${l.name} (${l.rate}%)` : `${l.rate}%`))
    .join(', ');

/**
 * The lines of an `items` credit note, checked against the invoice they correct (400s naming `items.N.…`):
 * - `invoiceItemId` must be a line of the invoice; the credit line takes that line's tax and product, and may not
 *   credit more than that line's amount;
 * - otherwise a `taxRateId` must be one the invoice's lines use (taken as it was on the invoice), or the percentage
 *   (`taxRate`, default the invoice's) one its untaxed-by-rate lines use; a `productId` must be one its lines name.
 * Amounts: quantity × rate per line; the note's VAT per rate by the tax engine (computeInvoice), rounded once per rate.
 */
function itemLines(invoice: Invoice, items: NonNullable<CreditNoteCreate['items']>): CreditFigures {
  const own = invoice.items ?? [];
  const byId = new Map(own.map((it) => [it.id, it]));
  const products = new Set(own.map((it) => it.productId).filter((p) => p != null));
  const taxed = items.map((it, i) => {
    if (it.invoiceItemId != null) {
      const line = byId.get(it.invoiceItemId);
      if (!line) throw new Invalid(`This is not a line of invoice ${invoice.invoiceNumber}`, `items.${i}.invoiceItemId`);
      return { ...it, productId: line.productId, ...taxOf(line), invoiceItemId: line.id, limit: line };
    }
    if (it.productId != null && !products.has(it.productId))
      throw new Invalid(`Product must be one that invoice ${invoice.invoiceNumber} names`, `items.${i}.productId`);
    if (it.taxRateId != null) {
      const line = own.find((l) => l.taxRateId === it.taxRateId);
      if (!line)
        throw new Invalid(`Tax rate must be one that invoice ${invoice.invoiceNumber} uses: ${taxesInWords(own)}`, `items.${i}.taxRateId`);
      return { ...it, productId: it.productId ?? null, ...taxOf(line), invoiceItemId: null, limit: null };
    }
    const rate = pct(it.taxRate ?? invoice.taxRate);
    const line = own.find((l) => l.taxRateId == null && pct(l.taxRate) === rate);
    if (!line) throw new Invalid(`Tax must be one that invoice ${invoice.invoiceNumber} uses: ${taxesInWords(own)}`, `items.${i}.taxRate`);
    return { ...it, productId: it.productId ?? null, ...taxOf(line), invoiceItemId: null, limit: null };
  });
  const f = computeInvoice(
    taxed.map((t) => ({ quantity: t.quantity, rate: t.rate, taxRate: t.taxRate })),
    { currency: invoice.currency },
  );
  const lines = taxed.map((t, i) => {
    const c = f.lines[i]!;
    if (t.limit && toMills(c.amount) > toMills(t.limit.amount))
      throw new Invalid(
        `A credit line cannot exceed the invoice line it corrects: ${t.limit.amount} ${invoice.currency}`,
        `items.${i}.quantity`,
      );
    return {
      invoiceItemId: t.invoiceItemId,
      productId: t.productId ?? null,
      description: t.description,
      quantity: t.quantity,
      rate: t.rate,
      amount: c.amount,
      taxRate: c.taxRate,
      taxAmount: c.taxAmount,
      taxRateId: t.taxRateId ?? null,
      taxRateName: t.taxRateName ?? null,
      taxType: t.taxType ?? null,
    };
  });
  return { lines, subtotal: f.subtotal, taxAmount: f.taxAmount, total: fromMills(toMills(f.subtotal) + toMills(f.taxAmount)) };
}

/**
 * The lines of an `amount` credit note: the gross amount split across the invoice's tax rates (splitCreditAmount: the
 * same share of the invoice's tax, largest remainder, in the currency's minor units), one line per rate.
 */
function amountLines(invoice: Invoice, amount: string): CreditFigures {
  const cur = invoice.currency;
  const minor = toMinor(amount, cur);
  const groups = taxLinesOf(invoice.items ?? []).map((l) => ({
    ...l,
    taxable: toMinor(l.taxableAmount, cur),
    tax: toMinor(l.taxAmount, cur),
  }));
  const split = splitCreditAmount(minor, toMinor(invoice.total, cur), groups);
  // An invoice with nothing to split across (a total of 0): one untaxed line, which the total rule then refuses.
  const parts = split.length ? split : [{ taxRateId: null, name: null, type: null, rate: '0.00', taxable: minor, tax: 0n }];
  const several = parts.length > 1;
  const lines = parts.map((p) => {
    const net = fromMills(toMills(fromMinor(p.taxable, cur)));
    const tax = fromMills(toMills(fromMinor(p.tax, cur)));
    const label = p.name ? `${p.name} ${p.rate}%` : `${p.rate}% tax`;
    return {
      invoiceItemId: null,
      productId: null,
      description: `Credit on invoice ${invoice.invoiceNumber}${several ? ` (${label})` : ''}`,
      quantity: '1.00',
      rate: net,
      amount: net,
      taxRate: p.rate,
      taxAmount: tax,
      taxRateId: p.taxRateId,
      taxRateName: p.name,
      taxType: p.type,
    };
  });
  const subtotal = sumMoney(lines.map((l) => l.amount));
  const taxAmount = sumMoney(lines.map((l) => l.taxAmount));
  return { lines, subtotal, taxAmount, total: sumMoney([subtotal, taxAmount]) };
}

/** The credit note's lines and figures from its input (exactly one of items or amount, as the contract checks). */
export function creditLines(invoice: Invoice, input: CreditNoteCreate): CreditFigures {
  const field = input.items ? 'items' : 'amount';
  const cur = invoice.currency;
  const decimals = currencyDecimals(cur);
  const fits = (v: string) => fitsMinorUnit(v, decimals);
  const places = decimals === 0 ? `a whole number of ${cur}` : `at most ${decimals} decimal${decimals === 1 ? '' : 's'} in ${cur}`;
  if (input.amount !== undefined && !fits(input.amount)) throw new Invalid(`Amount must be ${places}`, 'amount');
  const f = input.items ? itemLines(invoice, input.items) : amountLines(invoice, input.amount!);
  if (toMills(f.total) <= 0n) throw new Invalid('A credit note must credit more than 0', field);
  if (!fits(f.total)) throw new Invalid(`The credit note's total (${f.total}) must be ${places}`, field);
  return f;
}
