import { fromScaled, toScaled } from '@billpoint/proto';

/** Numbers as people type them in a sentence, read as exact decimal strings (never through a float). */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SPECIAL: Record<string, string> = {
  a: '1',
  an: '1',
  single: '1',
  dozen: '12',
  'a dozen': '12',
  half: '0.5',
  'a half': '0.5',
  couple: '2',
  'a couple': '2',
  'a couple of': '2',
  'a pair of': '2',
  pair: '2',
};

/** Word numbers ("twelve", "twenty-five", "one hundred and twenty") as a pattern and a reader. */
const WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TENS), 'hundred', 'thousand'].join('|')})`;
export const WORD_NUMBER = `(?:${WORD}(?:[\\s-]+(?:and[\\s-]+)?${WORD})*|a dozen|a couple(?: of)?|a pair of|a half|dozen|half|an?|single)`;

export function wordNumber(text: string): string | null {
  const t = text.toLowerCase().trim();
  if (SPECIAL[t]) return SPECIAL[t];
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of t.split(/[\s-]+/)) {
    if (w === 'and') continue;
    if (w in UNITS) current += UNITS[w]!;
    else if (w in TENS) current += TENS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
    seen = true;
  }
  return seen ? String(total + current) : null;
}

/** A figure: digits with "," "." or spaces as separators, or a word number, then an optional k / m multiplier. */
export const FIGURE = `(?:\\d{1,3}(?:[,.\\u00a0' ]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d+)?)(?:\\s?(?:k|K|m|M)(?![a-zA-Z]))?`;

/**
 * "1,500" → "1500", "1.500,00" → "1500.00", "1 500" → "1500", "95,5" → "95.5", "1.5k" → "1500", "twelve" → "12".
 * The last separator followed by 1–2 digits is the decimal one; a lone "." or "," before exactly three digits
 * groups thousands (money is not written to three decimals). Null when it is not a number.
 */
export function readNumber(raw: string): string | null {
  let s = raw.trim().replace(/[\u00a0']/g, ' ');
  const word = wordNumber(s);
  if (word != null) return word;
  let multiplier = 1n;
  const mult = /^(.*?)\s?([kKmM])$/.exec(s);
  if (mult) {
    s = mult[1]!;
    multiplier = mult[2]!.toLowerCase() === 'k' ? 1000n : 1_000_000n;
  }
  s = s.replace(/ (?=\d{3}\b)/g, '');
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const lastSep = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  let plain: string;
  if (lastSep < 0) plain = s;
  else {
    const after = s.slice(lastSep + 1);
    const before = s.slice(0, lastSep);
    const decimal = after.length !== 3 || /[.,]/.test(before) === false ? after.length !== 3 : false;
    if (decimal) plain = `${before.replace(/[.,]/g, '')}.${after}`;
    else plain = s.replace(/[.,]/g, '');
    // "1.5k": a decimal before a multiplier
    if (multiplier > 1n && after.length === 3 && !/[.,]/.test(before)) plain = s.replace(/[.,]/g, '');
  }
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  if (multiplier === 1n) return trimZeros(plain);
  return trimZeros(fromScaled(toScaled(plain, 4) * multiplier, 4));
}

/** "12.50" stays, "12.0000" → "12", "1500.00" → "1500.00" kept for money by the caller's normalize. */
function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') || '0' : s.replace(/^0+(?=\d)/, '');
}

/** Currencies by symbol, code and word; the tenant's invoices use ISO codes. */
export const CURRENCY_SYMBOLS: [string, string][] = [
  ['C$', 'CAD'],
  ['CA$', 'CAD'],
  ['A$', 'AUD'],
  ['AU$', 'AUD'],
  ['US$', 'USD'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['CHF', 'CHF'],
];
export const CURRENCY_WORDS: [RegExp, string][] = [
  [/\b(?:euros?|eur)\b/i, 'EUR'],
  [/\b(?:pounds?(?: sterling)?|quid|gbp)\b/i, 'GBP'],
  [/\b(?:canadian dollars?|cad)\b/i, 'CAD'],
  [/\b(?:australian dollars?|aud)\b/i, 'AUD'],
  [/\b(?:yen|jpy)\b/i, 'JPY'],
  [/\b(?:us dollars?|dollars?|bucks|usd)\b/i, 'USD'],
  [/\b(?:swiss francs?|chf)\b/i, 'CHF'],
];
const SYMBOL_PATTERN = CURRENCY_SYMBOLS.map(([s]) => s.replace(/\$/g, '\\$')).join('|');
export const CURRENCY_BEFORE = `(?:${SYMBOL_PATTERN}|USD|EUR|GBP|CAD|AUD|JPY|CHF)`;
export const CURRENCY_AFTER = `(?:${SYMBOL_PATTERN}|USD|EUR|GBP|CAD|AUD|JPY|CHF|euros?|dollars?|pounds?|yen|bucks)`;

/** The ISO code a symbol, code or word stands for, or null. */
export function currencyOf(token: string | undefined | null): string | null {
  if (!token) return null;
  const t = token.trim();
  const sym = CURRENCY_SYMBOLS.find(([s]) => s === t || s === t.toUpperCase());
  if (sym) return sym[1];
  if (/^[A-Z]{3}$/i.test(t) && /^(USD|EUR|GBP|CAD|AUD|JPY|CHF)$/i.test(t)) return t.toUpperCase();
  for (const [re, code] of CURRENCY_WORDS) if (re.test(t)) return code;
  return null;
}
