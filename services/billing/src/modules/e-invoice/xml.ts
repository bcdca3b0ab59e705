/** An element tree: `@attr` attributes, `#` text, arrays for repeated elements (the object notation xmlbuilder2 reads). */
export type XmlNode = { [key: string]: XmlValue };
type XmlValue = string | null | undefined | XmlNode | XmlValue[];

/** An element that is written even without content (CII's ApplicableHeaderTradeDelivery). */
export const EMPTY_ELEMENT: XmlNode = { $empty: 'true' };

/**
 * Drops empty elements (null, undefined, '', empty lists, elements left without content) so optional terms vanish; text
 * is taken through `xmlText` first, so a value of nothing but characters XML cannot hold vanishes as well.
 */
export function prune(node: XmlNode): XmlNode {
  const out: XmlNode = {};
  for (const [key, value] of Object.entries(node)) {
    const kept = pruneValue(value);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

function pruneValue(value: XmlValue): XmlValue {
  if (value == null) return undefined;
  if (typeof value === 'string') return xmlText(value) || undefined;
  if (Array.isArray(value)) {
    const items = value.map(pruneValue).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value.$empty) return {};
  const inner = prune(value);
  return Object.keys(inner).some((k) => !k.startsWith('@')) ? inner : undefined;
}

/**
 * Every code point XML 1.0 cannot carry, not even as a character reference: C0 controls other than tab, line feed and
 * carriage return, lone surrogates, U+FFFE and U+FFFF. (C1 controls are legal XML 1.0 and are kept: input refuses them
 * in document text, but what is stored stays as faithful as the format allows.)
 */
const NOT_XML_1_0 = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text without what XML 1.0 cannot hold (stored before input refused it, it would make the whole document unreadable). */
export function xmlText(text: string): string {
  return text.replace(NOT_XML_1_0, '');
}

/**
 * Text as the content of an element, or (`attribute`) as an attribute value between double quotes: what XML cannot hold
 * dropped, then every `&`, `<` and `>` escaped, always, so text that looks like a reference (`&#0;`, `&amp;`) stays the
 * characters it is; a carriage return as a reference (a parser would read a raw one as a line feed), and in an attribute
 * the quote, tab and line feed too (a parser would read those as spaces). The one escape of every e-invoice's text.
 */
export function xmlEscape(text: string, attribute = false): string {
  const escaped = xmlText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
  return attribute ? escaped.replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;') : escaped;
}

/**
 * The document `<root>` with `node` inside (pruned), as XML 1.0 in UTF-8 indented by two spaces: the one writer of
 * UBL, CII and the CII inside Factur-X. Element names are the writers' own constants; every text and attribute value
 * goes through `xmlEscape`. (Not xmlbuilder2: its object reader decodes entities in the text it is given, and its
 * serializer leaves an `&` that starts something like a reference unescaped, so `&#0;` typed in a note came out as a
 * reference to NUL.)
 */
export function xmlDocument(root: string, node: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, prune(node), '')}`;
}

function element(name: string, value: string | XmlNode, indent: string): string {
  if (typeof value === 'string') return `${indent}<${name}>${xmlEscape(value)}</${name}>`;
  let attributes = '';
  const children: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key.startsWith('@')) attributes += typeof v === 'string' ? ` ${key.slice(1)}="${xmlEscape(v, true)}"` : '';
    else if (key !== '#') children.push(...elements(key, v, `${indent}  `));
  }
  const text = value['#'];
  if (typeof text === 'string') return `${indent}<${name}${attributes}>${xmlEscape(text)}</${name}>`;
  if (!children.length) return `${indent}<${name}${attributes}/>`;
  return `${indent}<${name}${attributes}>\n${children.join('\n')}\n${indent}</${name}>`;
}

function elements(name: string, value: XmlValue, indent: string): string[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.flatMap((v) => elements(name, v, indent));
  return [element(name, value, indent)];
}
