import { currencyDecimals, decimalExample, fromScaled, readDecimal, toMills, toScaled } from '@billpoint/proto';
import { inputLocale, numberForInput } from '@/lib/number-input';
import { formatMoney } from '@/lib/format';

export type AmountCheck = { ok: true; amount: string } | { ok: false; message: string };

/**
 * The balance as the amount field first shows it, in the currency's own minor units and as the reader writes numbers
 * ("1500" for JPY, "12.50" for USD in English, "12,50" in German).
 */
export function initialAmount(balanceDue: string, currency: string, locale = inputLocale()): string {
  const decimals = currencyDecimals(currency);
  return numberForInput(fromScaled(toScaled(balanceDue, decimals), decimals), decimals, locale);
}

/**
 * An amount typed to pay (the pay page) or to record (the invoice view), checked before anything is sent: a positive
 * number as the reader's locale writes it ("1.000,00" in German, "1,000.00" in English; an entry that could be read
 * two ways is refused), no more decimals than the currency has (USD 2, JPY 0), and no more than the balance due.
 * Answers the amount normalized to the currency's decimals, or the message to show.
 */
export function checkAmount(raw: string, balanceDue: string, currency: string, locale = inputLocale()): AmountCheck {
  if (raw.trim() === '') return { ok: false, message: 'Enter an amount' };
  const decimals = currencyDecimals(currency);
  const example = decimalExample(locale, decimals);
  const read = readDecimal(raw, locale);
  if (!read.ok) {
    return {
      ok: false,
      message:
        read.code === 'ambiguous'
          ? `"${raw.trim()}" could be read two ways. Enter the amount like ${example}`
          : `Enter the amount as a number, like ${numberForInput('25', decimals, locale)}`,
    };
  }
  const s = read.value;
  const fraction = (s.split('.')[1] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) {
    return {
      ok: false,
      message: decimals === 0 ? `${currency} amounts have no decimals` : `Use at most ${decimals} decimal${decimals === 1 ? '' : 's'}`,
    };
  }
  const minor = toScaled(s, decimals);
  if (minor <= 0n) return { ok: false, message: 'Amount must be greater than 0' };
  if (minor > toScaled(balanceDue, decimals)) {
    return { ok: false, message: `Amount cannot be more than the balance due (${formatMoney(balanceDue, currency)})` };
  }
  return { ok: true, amount: fromScaled(minor, decimals) };
}

/** Nothing left to pay: marked paid, or the balance is zero. */
export const isSettled = (invoice: { status: string; balanceDue: string }) =>
  invoice.status === 'paid' || toMills(invoice.balanceDue) <= 0n;

/** Paid in part: something paid and something still due. */
export const isPartlyPaid = (invoice: { amountPaid: string; balanceDue: string }) =>
  toMills(invoice.amountPaid) > 0n && toMills(invoice.balanceDue) > 0n;
