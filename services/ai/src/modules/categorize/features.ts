import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/**
 * What the local model reads of an expense: the stemmed words of its description and vendor (English stop words
 * out), an amount bucket, and the vendor as one normalised key (the strongest single clue).
 */
export interface Features {
  /** Distinct feature tokens, sorted: word stems, `amt:<bucket>`. */
  tokens: string[];
  /** The vendor normalised ("Delta Air Lines, Inc." → "delta air lines"), or null. */
  vendorKey: string | null;
}

const STOP = new Set([...eng, 'inc', 'llc', 'ltd', 'gmbh', 'corp', 'co', 'com', 'www', 'the']);
const LEGAL = /\b(inc|llc|ltd|limited|gmbh|corp|corporation|co|com|plc|sa|ag|bv)\b\.?/g;

/** Lower-case words of letters (any script), without digits and punctuation. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/\p{L}[\p{L}']*/gu)
      ?.map((w) => w.replace(/'s?$/, '')) ?? []
  );
}

/** A word's stem ("flights" → "flight", "airfare" → "airfar"); non-Latin words are kept as they are. */
export const stem = (w: string) => (/^[a-z]+$/.test(w) ? stemmer(w) : w);

export function vendorKey(vendor: string | null | undefined): string | null {
  if (!vendor) return null;
  const key = vendor
    .toLowerCase()
    .replace(LEGAL, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b\d+\b/g, ' ') // store numbers: "Shell #4521"
    .replace(/\s+/g, ' ')
    .trim();
  return key || null;
}

/**
 * The amount's bucket: half-decades of its absolute value (<3, <10, <30, <100 …), from the decimal string, so
 * "9.99" and "12.00" fall apart and "1200" and "2900" together.
 */
export function amountBucket(amount: string): string {
  const digits = amount.replace(/^-/, '').split('.')[0]!.replace(/^0+/, '');
  if (!digits) return 'amt:0';
  return `amt:${digits.length}${digits[0]! >= '3' ? 'h' : 'l'}`;
}

/** The stems of `text` mapped to the first word that produced each (reasoning names words as written). */
export function stemsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of words(text)) {
    if (w.length < 2 || STOP.has(w)) continue;
    const s = stem(w);
    if (!out.has(s)) out.set(s, w);
  }
  return out;
}

export function featuresOf(e: { description: string; vendor?: string | null; amount: string }): Features & { words: Map<string, string> } {
  const found = stemsOf(`${e.description} ${e.vendor ?? ''}`);
  const tokens = [...found.keys(), amountBucket(e.amount)].sort();
  return { tokens: [...new Set(tokens)], vendorKey: vendorKey(e.vendor), words: found };
}
