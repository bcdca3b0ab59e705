import {
  computeInvoice,
  currencyDecimals,
  divMills,
  fitsMinorUnit,
  fromMills,
  MAX_MONEY_MILLS,
  toMills,
  toScaled,
  type TaxRounding,
} from '@billpoint/proto';
import { Invalid } from '@billpoint/kit';

/** total × exchange rate, rounded half-up to cents (the base currencies an organization can have have at most 2 decimals). */
export function baseAmount(total: string, exchangeRate: string): string {
  return fromMills(divMills(toMills(total) * toScaled(exchangeRate, 6), 1_000_000n, 2));
}

export interface Figures {
  lines: {
    description: string;
    quantity: string;
    rate: string;
    amount: string;
    taxRate: string;
    taxAmount: string;
    productId: number | null;
    id?: number | null;
    taxRateId: number | null;
    taxRateName: string | null;
    taxType: string | null;
    discountShare: string;
    shippingShare: string;
    taxableAmount: string;
  }[];
  subtotal: string;
  taxAmount: string;
  discountAmount: string;
  shippingAmount: string;
  total: string;
  totalInBaseCurrency: string;
}

/** An amount with more decimals than its currency has (yen have none): refused, naming the field. */
function checkMinorUnit(value: string, currency: string, field: string) {
  const d = currencyDecimals(currency);
  if (!fitsMinorUnit(value, d))
    throw new Invalid(`${currency} amounts have ${d === 0 ? 'no decimals' : `at most ${d} decimal${d === 1 ? '' : 's'}`}`, field);
}

/**
 * Every figure of an invoice, computed by the server from its items with the tax engine (client totals are never
 * stored): amounts in the currency's minor unit, discount and shipping inside the taxable base of each rate, VAT
 * rounded as the organization chose.
 */
export function figures(
  items: {
    description: string;
    quantity: string;
    rate: string;
    taxRate?: string | null;
    productId?: number | null;
    id?: number | null;
    taxRateId?: number | null;
    taxRateName?: string | null;
    taxType?: string | null;
  }[],
  o: { taxRate: string; discountAmount: string; shippingAmount: string; exchangeRate: string; currency: string; rounding: TaxRounding },
  path: string,
): Figures {
  checkMinorUnit(o.discountAmount, o.currency, `${path}discountAmount`);
  checkMinorUnit(o.shippingAmount, o.currency, `${path}shippingAmount`);
  const f = computeInvoice(items, o);
  if (f.total.startsWith('-')) throw new Invalid('Discount cannot be more than the invoice amount', `${path}discountAmount`);
  // Tax and shipping can lift the total, the exchange rate its base amount, past the largest amount a document holds.
  const fits = (v: string) => toMills(v) <= MAX_MONEY_MILLS;
  if (toMills(f.subtotal) + toMills(f.taxAmount) > MAX_MONEY_MILLS) throw new Invalid('Total with tax is too large', `${path}taxRate`);
  if (!fits(f.total)) throw new Invalid('Invoice total is too large', `${path}shippingAmount`);
  const totalInBaseCurrency = baseAmount(f.total, o.exchangeRate);
  if (!fits(totalInBaseCurrency))
    throw new Invalid('Total in the base currency is too large for this exchange rate', `${path}exchangeRate`);
  return {
    ...f,
    lines: items.map((it, i) => ({
      id: it.id ?? null,
      description: it.description,
      quantity: it.quantity,
      rate: it.rate,
      productId: it.productId ?? null,
      taxRateId: it.taxRateId ?? null,
      taxRateName: it.taxRateName ?? null,
      taxType: it.taxType ?? null,
      ...f.lines[i]!,
    })),
    totalInBaseCurrency,
  };
}

export function checkDates(issueDate: string, dueDate: string, path: string) {
  if (dueDate < issueDate) throw new Invalid('Due date cannot be before the issue date', `${path}dueDate`);
}
