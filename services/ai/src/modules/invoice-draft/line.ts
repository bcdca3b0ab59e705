import { CURRENCY_AFTER, CURRENCY_BEFORE, FIGURE, WORD_NUMBER, currencyOf, readNumber } from './numbers.ts';

/** One line as the text gives it, before products and prices are looked up. */
export interface ParsedLine {
  /** The line's words, for the product search. */
  text: string;
  description: string;
  quantity: string | null;
  /** Per unit. */
  rate: string | null;
  /** A total for the line ("5 licences for 500"): the rate is it divided by the quantity. */
  total: string | null;
  currency: string | null;
  /** Whether anything in the line looked like a figure or a unit; a bare phrase is a line only if it names a product. */
  figures: boolean;
}

const FIG = `(${FIGURE}|${WORD_NUMBER})`;
export const MONEY = `(?:(${CURRENCY_BEFORE})\\s?)?(${FIGURE})(?:\\s?(${CURRENCY_AFTER})(?![a-z]))?`;
const PER_UNIT =
  '(?:\\s*(?:/|per|an?|each|apiece|a piece|every)\\s*(hours?|hrs?|h|days?|units?|items?|licen[cs]es?|seats?|months?|users?|pieces?|sessions?|pages?|words?|weeks?|posts?|visits?|nights?)?\\b|\\s*(?:/\\s*)?(?:hourly|daily|monthly|ea)\\b)';
const UNITS =
  'hours?|hrs?|h|days?|half[- ]days?|weeks?|months?|units?|items?|pcs|pieces?|licen[cs]es?|seats?|users?|sessions?|pages?|words?|copies|boxes|packs?|posts?|visits?|nights?|calls?|workshops?|articles?|videos?|photos?|kg|lbs?|meters?|m2';

export const sentenceOf = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Reads one piece of text that may be a line: "12 hours of design at 95 an hour", "March audit: €1,500", "3x Pro Plan". */
export function parseLine(raw: string): ParsedLine {
  const text = sentenceOf(raw.replace(/^\s*(?:\d{1,2}[.)]|[-*•–])\s+/, ''));
  let s = ` ${text.replace(LEADING, ' ')} `;
  let quantity: string | null = null;
  let rate: string | null = null;
  let total: string | null = null;
  let currency: string | null = null;
  let figures = false;

  const take = (re: RegExp, fn: (m: RegExpExecArray) => boolean | void) => {
    const m = re.exec(s);
    if (!m || fn(m) === false) return false;
    s = `${s.slice(0, m.index)} ${s.slice(m.index + m[0].length)}`;
    figures = true;
    return true;
  };
  const money = (m: RegExpExecArray, at: number) => {
    currency = currencyOf(m[at]) ?? currencyOf(m[at + 2]) ?? currency;
    return readNumber(m[at + 1]!);
  };

  // A rate per unit: "at 95 an hour", "$95/hr", "@ €50 each", "120 per day", "95 hourly".
  take(new RegExp(`(?:\\b(?:at|@|for|rate(?:\\s+of)?)\\s*|@\\s*)?${MONEY}${PER_UNIT}`, 'i'), (m) => void (rate = money(m, 1)));
  // "at 95", "@ 95", "rate 95" (not "at 95 total")
  if (!rate)
    take(
      new RegExp(`(?:\\b(?:at|rate(?:\\s+of)?)\\s+|(?:@|(?<=\\s)à)\\s*)${MONEY}(?!\\s*(?:${UNITS}|total|in total)\\b)`, 'i'),
      (m) => void (rate = money(m, 1)),
    );
  // A quantity: "qty 3", "3 x" (and "2 x 400": the price each), "x3", "12 hours (of)", "6h", "two licences".
  take(new RegExp(`\\b(?:qty|quantity)\\s*:?\\s*${FIG}`, 'i'), (m) => void (quantity = readNumber(m[1]!)));
  if (!quantity)
    take(new RegExp(`(?:^|\\s)${FIG}\\s*[x×]\\s*(?:${MONEY}(?=\\s+(?:for|each)\\b|\\s*[,;]|\\s*$)|(?=\\s))`, 'i'), (m) => {
      quantity = readNumber(m[1]!);
      if (m[3]) rate = money(m, 2);
    });
  if (!quantity) take(/\s[x×]\s?(\d+(?:\.\d+)?)\b/i, (m) => void (quantity = readNumber(m[1]!)));
  if (!quantity)
    take(new RegExp(`(?:^|\\s|\\()${FIG}\\s*(?:(?:${UNITS})\\b(?:\\s+of\\b)?)\\)?`, 'i'), (m) => void (quantity = readNumber(m[1]!)));
  // A leading count before words: "2 Pro Plan licences", "fifteen seats", "an onboarding workshop".
  if (!quantity)
    take(
      new RegExp(`^\\s*${FIG}\\s+(?=[a-z])(?!(?:${CURRENCY_AFTER}|for|flat|each|per|total|in total)\\b)`, 'i'),
      (m) => void (quantity = readNumber(m[1]!)),
    );
  // A total: with a currency ("1,500 EUR", "$300"), after "for", "total", ":" or "-", or before "for" or the end.
  take(
    new RegExp(
      `(?:\\b(?:for|total(?:ling)?|of|costing|comes to|=)\\s*|[:=–—-]\\s*|\\(\\s*)?${MONEY}(?:\\s+(?:in\\s+)?total|\\s*\\))?(?=\\s+(?:for|flat)\\b|\\s*[,;.!?)]|\\s*$)?`,
      'i',
    ),
    (m) => {
      const marked = m[1] || m[3] || /^\s*(?:for|total|of|costing|comes|[:=–—(-])/i.test(m[0]);
      const after = s.slice(m.index + m[0].length);
      const beforeFor = /^\s+(?:for|flat)\b|^\s*[,;.!?)]|^\s*$/.test(after);
      if (!marked && !beforeFor) return false;
      total = money(m, 1);
    },
  );

  if (total && !rate && quantity == null) {
    rate = total;
    total = null;
    quantity = '1';
  }
  const description = cleanDescription(s);
  return { text, description, quantity, rate, total, currency, figures };
}

/** Words that lead into a line and are not part of it. */
const LEADING = /^\s*(?:(?:and|plus|also|with|for|the|our|\+|as well as|along with|items?\s*:)\s+|[:\-–—]\s*)+/i;

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
/** "… in October", "… last month", "… you did for us last month": when the work was done, not what it was. */
const PERIOD = new RegExp(
  `\\s+(?:(?:that\\s+|which\\s+)?(?:you|we)\\s+(?:did|delivered|ran|provided|made)(?:\\s+for\\s+(?:us|me))?(?:\\s+(?:last|this)\\s+(?:month|week))?|(?:in|for|during|from)\\s+(?:${MONTHS})(?:\\s+\\d{4})?|(?:last|this)\\s+(?:month|week)|as agreed)$`,
  'i',
);

/** The words of a line once its figures are out: connectors and articles off the ends, first letter capital. */
export function cleanDescription(s: string): string {
  let d = sentenceOf(s)
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ');
  const edge =
    /^(?:and|plus|also|with|for|of|at|the|a|an|our|your|their|my|on|in|to|each|total|in total|worth|some|-|–|—|:|,|;|\+|\*|•|\.)\s+|^[-–—:,;+*•.]+/i;
  const tail = /\s+(?:and|plus|also|with|for|of|at|the|a|an|each|total|in total|apiece|please|thanks|-|–|—|:|,|;|\.)$|[-–—:,;+*•.!?]+$/i;
  for (let i = 0; i < 6; i++) d = d.trim().replace(edge, '').replace(tail, '').replace(PERIOD, '').trim();
  return d ? d[0]!.toUpperCase() + d.slice(1) : '';
}

/** Splits the items part of a request into pieces that may each be a line. */
export function splitLines(text: string): string[] {
  return text
    .split(
      /\n|;|(?<=[a-z]{2})[.?!]\s+(?=[A-Z])|\?\s*|,\s+(?!\d{3}\b)|\s+(?:and|plus|\+|&|as well as|along with|together with)\s+|\s+\/\s+|\s+[—–]\s+/,
    )
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * The lines of the pieces: a piece with figures and no words ("6 hours", "3,200 EUR") completes the line before it
 * ("copywriting, 6 hours").
 */
export function linesOf(pieces: string[]): ParsedLine[] {
  const out: ParsedLine[] = [];
  for (const piece of pieces) {
    const l = parseLine(piece);
    const prev = out.at(-1);
    if (!l.description && l.figures && prev && !prev.total && !(prev.rate && prev.quantity && l.rate)) {
      prev.quantity = prev.quantity && prev.quantity !== '1' ? prev.quantity : (l.quantity ?? prev.quantity);
      if (l.rate && !prev.rate) prev.rate = l.rate;
      else if (l.rate && prev.rate && !prev.total && prev.quantity === '1') prev.rate = l.rate;
      if (l.total) prev.total = l.total;
      prev.currency = prev.currency ?? l.currency;
      prev.figures = true;
      prev.text = `${prev.text} ${l.text}`;
      if (prev.total && prev.rate && prev.quantity === '1' && !l.rate) {
        prev.rate = prev.total;
        prev.total = null;
      }
      continue;
    }
    if (l.description || l.rate != null || l.total != null) out.push(l);
  }
  return out;
}
