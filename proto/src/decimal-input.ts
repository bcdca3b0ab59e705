/**
 * Reading a number a person typed (an amount, a rate, a quantity, a percentage) the way their locale writes it:
 * "1.000,00" and "1000,00" are one thousand in German, "1,000.00" in English. The reading never guesses: a string
 * whose separators fit the locale only as a thousands separator in the wrong place ("1.5" in German, "1,5" in
 * English) could be meant either way and is refused as ambiguous, so that nothing is ever silently read as a
 * value a hundred or a thousand times off. The answer is the canonical decimal the API takes ("1000.00").
 */

export interface NumberSymbols {
  /** The decimal separator of the locale ("," in German). */
  decimal: string;
  /** Its thousands separator, spaces of every width folded to a plain space (" " in French, "." in German). */
  group: string;
}

export type DecimalReading =
  | { ok: true; value: string }
  | {
      ok: false;
      /** `empty`: nothing typed; `format`: not a number; `ambiguous`: separators that could be meant two ways. */
      code: 'empty' | 'format' | 'ambiguous';
    };

const symbolCache = new Map<string, NumberSymbols>();
/** Spaces a locale may group with (no-break, narrow no-break, thin) and the apostrophes of Swiss grouping. */
const SPACES = /[\s\u00a0\u2009\u202f]/g;
const APOSTROPHES = /[\u2019']/g;

const fold = (s: string) => s.replace(SPACES, ' ').replace(APOSTROPHES, "'");

export function numberSymbols(locale: string): NumberSymbols {
  let s = symbolCache.get(locale);
  if (!s) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: 'always' } as Intl.NumberFormatOptions).formatToParts(1234567.5);
    s = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: fold(parts.find((p) => p.type === 'group')?.value ?? ','),
    };
    symbolCache.set(locale, s);
  }
  return s;
}

/** How the locale writes 1234.56: the example a message shows. */
export function decimalExample(locale: string, decimals = 2): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    decimals ? 1234.56 : 1234,
  );
}

/** Whether `digits` grouped by `group` is written as the locale (or the common three-digit rule) groups it. */
function wellGrouped(grouped: string, group: string, locale: string): boolean {
  const parts = grouped.split(group);
  if (parts.length === 1) return true;
  if (parts.some((p) => !/^\d+$/.test(p))) return false;
  if (/^\d{1,3}$/.test(parts[0]!) && parts.slice(1).every((p) => /^\d{3}$/.test(p))) return true;
  // Other grouping rules (Indian lakh and crore): exactly as the locale itself writes the number.
  const own = fold(new Intl.NumberFormat(locale, { useGrouping: 'always' } as Intl.NumberFormatOptions).format(BigInt(parts.join(''))));
  return own === grouped;
}

const canonical = (int: string, fraction: string, negative: boolean) => {
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  const v = fraction ? `${i}.${fraction}` : i;
  return negative && /[1-9]/.test(v) ? `-${v}` : v;
};

/**
 * Reads `raw` as `locale` writes numbers. Accepted: digits with the locale's decimal separator and, optionally,
 * its thousands separator where it belongs; a leading minus only when `negative` is allowed. Refused: anything
 * else, and separators that fit only as a misplaced thousands separator (ambiguous).
 */
export function readDecimal(raw: string, locale: string, o: { negative?: boolean } = {}): DecimalReading {
  let s = fold(raw).trim();
  if (s === '') return { ok: false, code: 'empty' };
  let negative = false;
  if (o.negative && /^[-\u2212]/.test(s)) {
    negative = true;
    s = s.slice(1).trimStart();
  }
  const { decimal, group } = numberSymbols(locale);
  if (!/^[\d.,' ]+$/.test(s) || !/\d/.test(s)) return { ok: false, code: 'format' };
  const at = s.lastIndexOf(decimal);
  const int = at < 0 ? s : s.slice(0, at);
  const fraction = at < 0 ? '' : s.slice(at + decimal.length);
  // Separators after the decimal one: "1,000.50" in German, written the other way round.
  if (!/^\d*$/.test(fraction)) return { ok: false, code: /[.,]/.test(fraction) ? 'ambiguous' : 'format' };
  if (int === '' && fraction === '') return { ok: false, code: 'format' };
  if (/^\d*$/.test(int)) return { ok: true, value: canonical(int, fraction, negative) };
  const others = int.replace(/\d/g, '').split('');
  if (others.some((c) => c !== group)) {
    // A separator that is neither of the locale's: "1.5" typed in French, "1,000.50" in German.
    return { ok: false, code: others.some((c) => c === '.' || c === ',') ? 'ambiguous' : 'format' };
  }
  if (!wellGrouped(int, group, locale)) {
    // The thousands separator where no thousands separator goes: "1.5" or "1000.50" in German could be a decimal.
    return { ok: false, code: group === '.' || group === ',' ? 'ambiguous' : 'format' };
  }
  return { ok: true, value: canonical(int.split(group).join(''), fraction, negative) };
}
