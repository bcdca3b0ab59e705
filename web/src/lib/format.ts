import { format, isValid, parseISO } from 'date-fns';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** The organization's default currency and the locale of its language; en-US dollars until they are known. */
export interface FormatDefaults {
  currency: string;
  locale: string;
}
let defaults: FormatDefaults = { currency: 'USD', locale: 'en-US' };

/** The locale that formats numbers for an organization language of the settings (en → en-US, de → de-DE, …). */
export function localeOf(language: string | null | undefined): string {
  const regions: Record<string, string> = { en: 'US', es: 'ES', fr: 'FR', de: 'DE', it: 'IT', pt: 'PT' };
  const lang = (language ?? 'en').toLowerCase();
  return regions[lang] ? `${lang}-${regions[lang]}` : 'en-US';
}

/** Set once the organization's settings are known (see FormatDefaultsGate); amounts without a currency use them. */
export function setFormatDefaults(next: FormatDefaults) {
  defaults = next;
}
export function formatDefaults(): FormatDefaults {
  return defaults;
}

function moneyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    try {
      // At least 2 decimals (yen too, as the app always showed them); the dinars' 3 in full. Intl knows each
      // currency's minor unit (read here rather than through proto, which would weigh on the first screen's script).
      const minor = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
      const digits = Math.min(Math.max(2, minor), 3);
      f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
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
 * Money with 2 decimals (3 for the dinars) in the given currency (an invoice's, a payment's), else the organization's default currency
 * (its base currency: the dashboard's totals), in the locale of the organization's language (en-US until known)
 * unless a screen passes a locale. Decimal strings from the API are formatted as written (Intl formats numeric strings exactly), so a
 * stored "1234567890123.45" never passes through a float.
 */
export function formatMoney(value: number | string | null | undefined, currency = defaults.currency, locale = defaults.locale): string {
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

/**
 * The spec's English date patterns in en-US; in another organization locale, that locale's own way of
 * writing the same parts (de-DE: "5. Jan. 2024").
 */
const localDate = (d: Date, pattern: string, parts: Intl.DateTimeFormatOptions) =>
  defaults.locale === 'en-US' ? format(d, pattern) : new Intl.DateTimeFormat(defaults.locale, parts).format(d);

/** Lists: short month, day, year (Jan 5, 2024). */
export function formatShortDate(value: string | Date): string {
  return localDate(parseDate(value), 'MMM d, yyyy', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Invoice view: MMM dd, yyyy (Jan 05, 2024), or N/A when absent or unreadable. */
export function formatInvoiceDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = parseDate(value);
  return isValid(d) ? localDate(d, 'MMM dd, yyyy', { month: 'short', day: '2-digit', year: 'numeric' }) : 'N/A';
}

/** Customer view and the due date picker: long date (January 5, 2024). */
export function formatLongDate(value: string | Date): string {
  return localDate(parseDate(value), 'MMMM d, yyyy', { month: 'long', day: 'numeric', year: 'numeric' });
}

/** A local calendar date as the API's `YYYY-MM-DD`. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** "draft" → "Draft". */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A count with its noun, singular for exactly 1: plural(1, 'invoice') → "1 invoice", plural(3, 'invoice') →
 * "3 invoices", plural(2, 'API key') → "2 API keys"; `many` for irregular plurals (plural(2, 'entry', 'entries')).
 * The count is written with thousands separators (1,234).
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A count with the organization locale's thousands separators (1,234; de-DE 1.234). */
export function formatCount(n: number): string {
  return n.toLocaleString(defaults.locale);
}

/**
 * A percentage given in percent (12.5 → "12.5%"), to `digits` decimals, in the organization's locale (de-DE
 * "12,5 %"); `signed` writes "+" before a rise (growth figures).
 */
export function formatPercent(value: number, { digits = 1, signed = false }: { digits?: number; signed?: boolean } = {}): string {
  return new Intl.NumberFormat(defaults.locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value / 100);
}

/** An instant (an ISO date-time) as a date and time in the organization's locale: "Jan 5, 2024, 3:04 PM". */
export function formatDateTime(value: string | Date): string {
  return new Intl.DateTimeFormat(defaults.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(parseDate(value));
}
