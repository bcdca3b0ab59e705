import { currencyDecimals, fromScaled, toScaled } from '@billpoint/proto';
import { formatMoney } from '@/lib/format';

export type AmountCheck = { ok: true; amount: string } | { ok: false; message: string };

/** The balance as the amount field first shows it, in the currency's own minor units ("1500" for JPY, "12.50" for USD). */
export function initialAmount(balanceDue: string, currency: string): string {
  const decimals = currencyDecimals(currency);
  return fromScaled(toScaled(balanceDue, decimals), decimals);
}

/**
 * An amount typed to pay (the pay page) or to record (the invoice view), checked before anything is sent: a plain
 * positive decimal (thousands separators allowed), no more decimals than the currency has (USD 2, JPY 0), and no
 * more than the balance due. Answers the amount normalized to the currency's decimals, or the message to show.
 */
export function checkAmount(raw: string, balanceDue: string, currency: string): AmountCheck {
  const s = raw.trim().replace(/,/g, '');
  if (s === '') return { ok: false, message: 'Enter an amount' };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return { ok: false, message: 'Enter the amount as a number, like 25.00' };
  const decimals = currencyDecimals(currency);
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
  invoice.status === 'paid' || toScaled(invoice.balanceDue, 2) <= 0n;

/** Paid in part: something paid and something still due. */
export const isPartlyPaid = (invoice: { amountPaid: string; balanceDue: string }) =>
  toScaled(invoice.amountPaid, 2) > 0n && toScaled(invoice.balanceDue, 2) > 0n;
