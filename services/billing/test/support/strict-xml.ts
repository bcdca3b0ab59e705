import fc from 'fast-check';
import { SaxesParser } from 'saxes';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
/**
 * The characters and text that break XML writers: every C0 and C1 control and DEL, the neighbours of the surrogates,
 * lone surrogates, U+FFFD to U+FFFF, astral characters, character references (`&#0;`), markup and the CDATA end.
 */
export const XML_HOSTILE = [
  ...range(0x0, 0x1f),
  ...range(0x7f, 0x9f),
  '\uD7FF',
  '\uE000',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uFFFD',
  '\uFFFE',
  '\uFFFF',
  '\u{10000}',
  '\u{1F600}',
  '\u{10FFFF}',
  '&#0;',
  '&#x1;',
  '&#xFFFE;',
  '&amp;',
  '&lt;',
  '&',
  '<',
  '>',
  '"',
  "'",
  ']]>',
  '<![CDATA[',
  '<!--',
  '\r\n',
];

/**
 * Random Unicode text biased to the characters of XML_HOSTILE; `storable` leaves out what Postgres text cannot hold
 * (NUL, and lone surrogates, which reach it as U+FFFD), so that it can stand in for what old rows may carry.
 */
export function hostileText(o: { storable?: boolean; maxPieces?: number } = {}): fc.Arbitrary<string> {
  const pieces = o.storable ? XML_HOSTILE.filter((p) => p !== '\u0000' && !/^[\uD800-\uDFFF]$/.test(p)) : XML_HOSTILE;
  const random = fc.string({ unit: 'binary', maxLength: 4 });
  return (
    fc
      .array(
        fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pieces) }, { weight: 2, arbitrary: random }, fc.string({ maxLength: 6 })),
        {
          minLength: 1,
          maxLength: o.maxPieces ?? 10,
        },
      )
      .map((parts) => parts.join(''))
      // eslint-disable-next-line no-control-regex -- NUL is one of the characters Postgres cannot store
      .map((s) => (o.storable ? s.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '') : s))
  );
}

/** The text of every element of a parsed document, by qualified name, in document order (only its own text nodes). */
export type ElementTexts = Map<string, string[]>;

/**
 * `bytes` read as a conforming XML 1.0 parser reads a file: UTF-8 that must decode without a single error (an encoded
 * lone surrogate fails here), then saxes with namespaces, which refuses any character XML 1.0 does not allow (raw or
 * as a character reference such as `&#0;`), `]]>` in text, a bare `&` or `<`, and anything else that is not well-formed.
 * Throws with the parser's first error.
 */
export function parseStrictXml(bytes: Uint8Array | string): ElementTexts {
  const text = typeof bytes === 'string' ? bytes : new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  if (typeof bytes === 'string' && /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(bytes))
    throw new Error('a lone surrogate cannot be written as UTF-8');
  const parser = new SaxesParser({ xmlns: true });
  const texts: ElementTexts = new Map();
  const open: { name: string; text: string }[] = [];
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => open.push({ name: tag.name, text: '' }));
  parser.on('text', (t) => {
    if (open.length) open[open.length - 1]!.text += t;
  });
  parser.on('closetag', () => {
    const el = open.pop()!;
    texts.set(el.name, [...(texts.get(el.name) ?? []), el.text]);
  });
  parser.write(text).close();
  if (error) throw error;
  return texts;
}
