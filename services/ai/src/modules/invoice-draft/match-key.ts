/** Legal forms and filler that say nothing about which customer or product is meant. */
const NOISE = new Set([
  'inc',
  'incorporated',
  'llc',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'sarl',
  'bv',
  'nv',
  'plc',
  'pty',
  'srl',
  'spa',
  'oy',
  'ab',
  'as',
  'kg',
  'the',
  'and',
  '&',
]);

/**
 * The key a name is searched by (trigram similarity): lower case, accents and punctuation off, legal forms off —
 * "Acme Corporation, Inc." → "acme". A name made only of such words keeps them.
 */
export function matchKey(name: string | null | undefined): string {
  const words = (name ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const kept = words.filter((w) => !NOISE.has(w));
  return (kept.length ? kept : words).join(' ');
}
