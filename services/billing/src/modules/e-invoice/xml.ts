/** An element tree in xmlbuilder2's object notation: `@attr`, `#` text, arrays for repeated elements. */
export type XmlNode = { [key: string]: XmlValue };
type XmlValue = string | null | undefined | XmlNode | XmlValue[];

/** An element that is written even without content (CII's ApplicableHeaderTradeDelivery). */
export const EMPTY_ELEMENT: XmlNode = { $empty: 'true' };

/** Drops empty elements (null, undefined, '', empty lists, elements left without content) so optional terms vanish. */
export function prune(node: XmlNode): XmlNode {
  const out: XmlNode = {};
  for (const [key, value] of Object.entries(node)) {
    const kept = pruneValue(value);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

function pruneValue(value: XmlValue): XmlValue {
  if (value == null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const items = value.map(pruneValue).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value.$empty) return {};
  const inner = prune(value);
  return Object.keys(inner).some((k) => !k.startsWith('@')) ? inner : undefined;
}
