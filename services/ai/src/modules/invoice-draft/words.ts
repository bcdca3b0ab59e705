import { matchKey } from './match-key.ts';

/**
 * Word-level checks of a trigram match: the database ranks names by trigram similarity, and these say whether a
 * candidate really is the one meant — every word the text gives for it is one of its words (allowing a typo, a
 * plural, an abbreviation), so "menu design" is not the product "Design" and "Zorg Industries" not "Stark Industries".
 */

/** Words that count things or join them, not what is sold. */
const FILLER = new Set(
  'hour hours hr hrs h day days week weeks month months licence licences license licenses seat seats unit units item items pcs piece pieces session sessions user users of the a an for annual monthly our your x worth additional extra more new work services'.split(
    ' ',
  ),
);

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

const singular = (w: string) => w.replace(/(?<=[a-z]{3})(?:es|s)$/, '');

/** Whether a word the user typed stands for a word of a name: equal, a plural, a prefix ("cert"), or a typo. */
export function sameWord(typed: string, word: string): boolean {
  if (typed === word || singular(typed) === singular(word)) return true;
  if (typed.length >= 3 && (word.startsWith(typed) || word.startsWith(singular(typed)))) return true;
  const limit = typed.length >= 7 ? 2 : typed.length >= 4 ? 1 : 0;
  return limit > 0 && Math.min(distance(typed, word), distance(singular(typed), singular(word))) <= limit;
}

/**
 * How well a piece of text names a product, 0 when it does not: every content word of the piece must be one of the
 * product's words; the share of the product's words the piece gives orders the candidates ("design" is "Design"
 * rather than "Logo Design").
 */
export function productFit(piece: string, productName: string): number {
  const typed = matchKey(piece)
    .split(' ')
    .filter((w) => w && !FILLER.has(w) && !/^\d/.test(w));
  const words = matchKey(productName).split(' ').filter(Boolean);
  if (!typed.length || !words.length) return 0;
  if (!typed.every((t) => words.some((w) => sameWord(t, w)))) return 0;
  const covered = words.filter((w) => typed.some((t) => sameWord(t, w))).length;
  return covered / words.length >= 0.5 ? covered / words.length : 0;
}

/** Whether the name a text gives ("Acmee", "Stark") starts like one of a customer's names. */
export function nameFits(mention: string, name: string): boolean {
  const first = matchKey(mention).split(' ')[0];
  if (!first) return false;
  return matchKey(name)
    .split(' ')
    .some(
      (w) => sameWord(first, w) || (w.length >= 3 && first.startsWith(w)) || (first.length >= 5 && w.slice(0, 4) === first.slice(0, 4)),
    );
}
