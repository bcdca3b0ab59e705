import type { TemplateDateFormat, TemplateLanguage, TemplateNumberFormat } from '@billpoint/proto';

/** Grouping and decimal separators of each number format (default 1,234.56). */
const SEPARATORS: Record<TemplateNumberFormat, { group: string; decimal: string; symbolAfter: boolean }> = {
  '1,234.56': { group: ',', decimal: '.', symbolAfter: false },
  '1.234,56': { group: '.', decimal: ',', symbolAfter: true },
  '1 234,56': { group: '\u00a0', decimal: ',', symbolAfter: true },
  '1234.56': { group: '', decimal: '.', symbolAfter: false },
};

const currencies = new Map<string, { symbol: string; digits: number }>();
/** The currency's narrow sign (€, £, ¥, $) and its minor digits, from Intl; an unknown code stands for itself. */
function currencyOf(code: string) {
  let c = currencies.get(code);
  if (!c) {
    try {
      const f = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
      const symbol = f.formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
      c = { symbol, digits: f.resolvedOptions().maximumFractionDigits ?? 2 };
    } catch {
      c = { symbol: code, digits: 2 };
    }
    currencies.set(code, c);
  }
  return c;
}

/** A decimal string grouped as the format says, exactly (no float in between): `1234567.5` → `1,234,567.50`. */
export function formatNumber(value: string, format: TemplateNumberFormat, digits = 2): string {
  const sep = SEPARATORS[format];
  const negative = value.startsWith('-');
  const [whole = '0', frac = ''] = value.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep.group);
  const fraction = digits > 0 ? sep.decimal + frac.padEnd(digits, '0').slice(0, digits) : '';
  return `${negative ? '-' : ''}${grouped}${fraction}`;
}

/**
 * Money in its currency: `€1,234.50` (or `1.234,50 €` where the format puts the sign after); whole yen without
 * decimals, dinars with their three (`KWD1.005`).
 */
export function formatMoney(value: string, currency: string, format: TemplateNumberFormat = '1,234.56'): string {
  const c = currencyOf(currency);
  const digits = c.digits === 0 && /\.0*$|^[^.]*$/.test(value) ? 0 : Math.max(2, c.digits);
  const n = formatNumber(value, format, digits);
  const negative = n.startsWith('-');
  const abs = negative ? n.slice(1) : n;
  const body = SEPARATORS[format].symbolAfter ? `${abs}\u00a0${c.symbol}` : `${c.symbol}${abs}`;
  return negative ? `-${body}` : body;
}

/** `2.00` → `2`, `1.50` → `1.5`, in the format's decimal separator. */
export function formatQuantity(q: string, format: TemplateNumberFormat = '1,234.56'): string {
  const trimmed = q.includes('.') ? q.replace(/\.?0+$/, '') : q;
  const digits = trimmed.includes('.') ? trimmed.split('.')[1]!.length : 0;
  return formatNumber(trimmed, format, digits);
}

const months = new Map<string, string[]>();
const monthNames = (language: string) => {
  let m = months.get(language);
  if (!m) {
    const f = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    m = Array.from({ length: 12 }, (_, i) => f.format(new Date(Date.UTC(2020, i, 1))));
    months.set(language, m);
  }
  return m;
};

/** A `YYYY-MM-DD` date in the template's date format (default MM/DD/YYYY). */
export function formatDate(date: string, format: TemplateDateFormat = 'MM/DD/YYYY', language: TemplateLanguage = 'en'): string {
  const [y = '', m = '', d = ''] = date.split('-');
  switch (format) {
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'YYYY-MM-DD':
      return `${y}-${m}-${d}`;
    case 'DD.MM.YYYY':
      return `${d}.${m}.${y}`;
    case 'MMM D, YYYY':
      return `${monthNames(language)[Number(m) - 1] ?? m} ${Number(d)}, ${y}`;
    default:
      return `${m}/${d}/${y}`;
  }
}

/** Header and footer texts are stored as "HTML" (headerHtml/footerHtml); the PDF prints their text. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
