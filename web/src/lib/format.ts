import { format, isValid, parseISO } from 'date-fns';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      // Not an ISO 4217 code Intl knows: the code, then the figure.
      const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      f = { format: (v: number | string) => `${currency} ${plain.format(v as never)}` } as Intl.NumberFormat;
    }
    moneyFormats.set(key, f);
  }
  return f;
}

/**
 * Money: US dollars with $ and 2 decimals, en-US (spec core §9), or the given currency (the invoice view), in the
 * given locale (the organization's language where a screen passes it). Decimal strings from the API are formatted
 * as written (Intl formats numeric strings exactly), so a stored "1234567890123.45" never passes through a float.
 */
export function formatMoney(value: number | string | null | undefined, currency = 'USD', locale = 'en-US'): string {
  let v: number | string = value ?? 0;
  if (typeof v === 'string') v = /^-?\d+(\.\d+)?$/.test(v.trim()) ? v.trim() : 0;
  if (typeof v === 'number' && !Number.isFinite(v)) v = 0;
  return moneyFormat(currency, locale).format(v as Intl.StringNumericLiteral);
}

/**
 * A date from the API: `YYYY-MM-DD` is a calendar date, read in local time (not UTC midnight, which
 * would show the previous day west of Greenwich); a date-time is an instant.
 */
export function parseDate(value: string | Date): Date {
  return value instanceof Date ? value : parseISO(value);
}

/** Lists: short month, day, year (Jan 5, 2024). */
export function formatShortDate(value: string | Date): string {
  return format(parseDate(value), 'MMM d, yyyy');
}

/** Invoice view: MMM dd, yyyy (Jan 05, 2024), or N/A when absent or unreadable. */
export function formatInvoiceDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = parseDate(value);
  return isValid(d) ? format(d, 'MMM dd, yyyy') : 'N/A';
}

/** Customer view and the due date picker: long date (January 5, 2024). */
export function formatLongDate(value: string | Date): string {
  return format(parseDate(value), 'MMMM d, yyyy');
}

/** A local calendar date as the API's `YYYY-MM-DD`. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** "draft" → "Draft". */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
