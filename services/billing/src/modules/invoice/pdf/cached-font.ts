import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * A TrueType face parsed once per process whose embedding is cached between documents.
 *
 * pdfkit subsets every embedded font per document: it numbers the glyphs in the order the text first uses them,
 * re-encodes a TrueType file from them (decoding every glyph), deflates it and writes widths and a ToUnicode map —
 * half of the time of an invoice, and the same work for every invoice. Here each glyph gets ONE number for the life
 * of the process (its "stable id": the repertoire below first, in a fixed order, then glyphs in the order any
 * document first needs them), so the bytes a document writes for its text no longer depend on the document. A
 * document's font file holds the 64-glyph chunks of stable ids it uses (the glyphs of the others are empty), and
 * that file, deflated, with its widths and ToUnicode map, is cached by the set of chunks: invoices in one script
 * share the same few chunks, so after the first document embedding is copying bytes.
 *
 * Shaping results (pdfkit's per-word layout cache) are shared between documents too.
 *
 * This reaches into pdfkit's EmbeddedFont (fields `layoutCache`, `dictionary`, methods `encode`, `embed`, `layout`),
 * pinned at pdfkit 0.20.2; `test/template-pdf.test.ts` renders every layout and font and reads back its text and
 * embedded fonts (with MuPDF from npm, `test/support/pdf.ts`).
 */

/** The part of fontkit's API used here (pdfkit's own fontkit). */
export interface FontkitFont {
  postscriptName: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  xHeight: number;
  italicAngle: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  numGlyphs: number;
  post: { isFixedPitch: number | boolean };
  head: { macStyle: { italic: boolean } };
  'OS/2'?: { sFamilyClass?: number };
  loca: { offsets: number[] };
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
  getGlyph(id: number): { id: number; advanceWidth: number };
  hasGlyphForCodePoint(cp: number): boolean;
  createSubset(): { glyphs: number[]; mapping: Record<number, number>; encode(): Uint8Array };
  layout(text: string): unknown;
}

const CHUNK = 64;
const CACHED_SUBSETS = 48;
/** Shaped words kept per face; checked every 100 documents, and started afresh above it. */
const LAYOUT_CACHE_WORDS = 50_000;

/** The characters numbered first, in this order, so that each script lands in its own chunks. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const REPERTOIRE = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  ...[...'–—‘’‚“”„•…‰′″‹›€£¥₽₹₺₩₪₫₴₸™№≈≠≤≥×÷−±∞'].map((c) => c.codePointAt(0)!),
  ...range(0x100, 0x17f), // Latin Extended-A
  ...range(0x180, 0x24f), // Latin Extended-B
  ...range(0x370, 0x3ff), // Greek
  ...range(0x400, 0x4ff), // Cyrillic
];

interface Parts {
  name: string;
  fontFile: Buffer;
  length1: number;
  widths: (number | number[])[];
  toUnicode: Buffer;
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
const utf16 = (cps: number[]) =>
  cps.map((cp) => (cp > 0xffff ? hex4(((cp - 0x10000) >>> 10) + 0xd800) + hex4(((cp - 0x10000) & 0x3ff) + 0xdc00) : hex4(cp))).join('');

export class CachedFace {
  readonly font: FontkitFont;
  readonly scale: number;
  #layoutCache: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  #adopted = 0;
  readonly #stable = new Map<number, number>();
  readonly #original: number[] = [];
  readonly #codePoints: number[][] = [];
  readonly #hex: string[] = [];
  readonly #subsets = new Map<string, Parts>();
  readonly #emptyGlyph: number;
  /** Per code point of the BMP: 0 not asked yet, 1 the face has a glyph, 2 it has none. */
  readonly #covers = new Uint8Array(0x10000);

  constructor(font: FontkitFont) {
    this.font = font;
    this.scale = 1000 / font.unitsPerEm;
    this.#number(0, []);
    for (const cp of REPERTOIRE) if (font.hasGlyphForCodePoint(cp)) this.#number(font.glyphForCodePoint(cp).id, [cp]);
    // A glyph without an outline stands in for the glyphs a document's file leaves out (the space has none).
    const space = font.glyphForCodePoint(0x20).id;
    this.#emptyGlyph = font.loca.offsets[space] === font.loca.offsets[space + 1] ? space : 0;
  }

  /** Whether the face has a glyph for `cp`; remembered, as every character printed is asked about. */
  has(cp: number): boolean {
    if (cp > 0xffff) return this.font.hasGlyphForCodePoint(cp);
    let v = this.#covers[cp]!;
    if (v === 0) this.#covers[cp] = v = this.font.hasGlyphForCodePoint(cp) ? 1 : 2;
    return v === 1;
  }

  #number(glyph: number, codePoints: number[]): number {
    let id = this.#stable.get(glyph);
    if (id === undefined) {
      id = this.#original.length;
      this.#stable.set(glyph, id);
      this.#original.push(glyph);
      this.#codePoints.push(codePoints);
      this.#hex.push(hex4(id));
    }
    return id;
  }

  /** Makes the EmbeddedFont pdfkit just created for `doc` use this face's numbering, shaping cache and embedding. */
  adopt(pdfFont: PdfkitEmbeddedFont): void {
    if (++this.#adopted % 100 === 0 && Object.keys(this.#layoutCache).length > LAYOUT_CACHE_WORDS)
      this.#layoutCache = Object.create(null) as Record<string, unknown>; // bounded: a long-lived process forgets
    pdfFont.layoutCache = this.#layoutCache;
    const used = new Set<number>();
    pdfFont.encode = (text, features) => {
      const { glyphs, positions } = pdfFont.layout(text, features);
      const hex = new Array<string>(glyphs.length);
      for (let i = 0; i < glyphs.length; i++) {
        const g = glyphs[i]!;
        const id = this.#number(g.id, g.codePoints);
        used.add(id);
        hex[i] = this.#hex[id]!;
      }
      return [hex, positions];
    };
    pdfFont.embed = () => this.#embed(pdfFont, used);
  }

  #embed(pdfFont: PdfkitEmbeddedFont, used: Set<number>) {
    const doc = pdfFont.document;
    const parts = this.#parts(used);
    const font = this.font;
    const fontFile = doc.ref({ Filter: 'FlateDecode', Length1: parts.length1 });
    fontFile.end(parts.fontFile);
    const familyClass = (font['OS/2']?.sFamilyClass ?? 0) >> 8;
    let flags = 1 << 2; // symbolic: glyphs are addressed by id
    if (font.post.isFixedPitch) flags |= 1;
    if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
    if (familyClass === 10) flags |= 1 << 3;
    if (font.head.macStyle.italic) flags |= 1 << 6;
    const s = this.scale;
    const descriptor = doc.ref({
      Type: 'FontDescriptor',
      FontName: parts.name,
      Flags: flags,
      FontBBox: [font.bbox.minX * s, font.bbox.minY * s, font.bbox.maxX * s, font.bbox.maxY * s],
      ItalicAngle: font.italicAngle,
      Ascent: font.ascent * s,
      Descent: font.descent * s,
      CapHeight: (font.capHeight || font.ascent) * s,
      XHeight: (font.xHeight || 0) * s,
      StemV: 0,
      FontFile2: fontFile,
    });
    descriptor.end();
    const descendant = doc.ref({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: parts.name,
      CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: parts.widths,
      CIDToGIDMap: 'Identity',
    });
    descendant.end();
    const toUnicode = doc.ref({ Filter: 'FlateDecode' });
    toUnicode.end(parts.toUnicode);
    pdfFont.dictionary.data = {
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: parts.name,
      Encoding: 'Identity-H',
      DescendantFonts: [descendant],
      ToUnicode: toUnicode,
    };
    pdfFont.dictionary.end();
  }

  /** The embedding of the chunks `used` falls in, from the cache or built once. */
  #parts(used: Set<number>): Parts {
    const chunks = [...new Set([...used].map((id) => Math.floor(id / CHUNK)))].sort((a, b) => a - b);
    const count = Math.min(this.#original.length, (chunks.at(-1)! + 1) * CHUNK);
    const key = `${chunks.join(',')}/${count}`;
    const hit = this.#subsets.get(key);
    if (hit) {
      this.#subsets.delete(key); // most recently used last
      this.#subsets.set(key, hit);
      return hit;
    }
    const parts = this.#build(new Set(chunks), count, key);
    this.#subsets.set(key, parts);
    if (this.#subsets.size > CACHED_SUBSETS) this.#subsets.delete(this.#subsets.keys().next().value!);
    return parts;
  }

  #build(chunks: Set<number>, count: number, key: string): Parts {
    const subset = this.font.createSubset();
    subset.glyphs = [];
    subset.mapping = {};
    const included: number[] = [];
    for (let id = 0; id < count; id++) {
      const inChunk = chunks.has(Math.floor(id / CHUNK));
      const glyph = inChunk ? this.#original[id]! : this.#emptyGlyph;
      subset.glyphs.push(glyph);
      if (inChunk) {
        subset.mapping[glyph] ??= id; // composite glyphs find their parts here (or append them)
        included.push(id);
      }
    }
    const ttf = Buffer.from(subset.encode());
    // W: one run per chunk, [first [w1 w2 …]].
    const widths: (number | number[])[] = [];
    for (const c of chunks) {
      const ids = included.filter((id) => Math.floor(id / CHUNK) === c);
      widths.push(
        ids[0]!,
        ids.map((id) => Math.round(this.font.getGlyph(this.#original[id]!).advanceWidth * this.scale * 1000) / 1000),
      );
    }
    const lines = included
      .filter((id) => this.#codePoints[id]!.length > 0)
      .map((id) => `<${this.#hex[id]}> <${utf16(this.#codePoints[id]!)}>`);
    const blocks: string[] = [];
    for (let i = 0; i < lines.length; i += 100) {
      const block = lines.slice(i, i + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    const cmap = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000><ffff>
endcodespacerange
${blocks.join('\n')}
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
    const tag = [...createHash('sha1').update(`${this.font.postscriptName}/${key}`).digest()]
      .slice(0, 6)
      .map((b) => String.fromCharCode(65 + (b % 26)))
      .join('');
    return {
      name: `${tag}+${this.font.postscriptName.replaceAll(' ', '_')}`,
      fontFile: deflateSync(ttf),
      length1: ttf.length,
      widths,
      toUnicode: deflateSync(cmap),
    };
  }
}

/** pdfkit's EmbeddedFont, as far as it is touched here. */
export interface PdfkitEmbeddedFont {
  document: { ref(data?: object): { data: Record<string, unknown>; end(chunk?: Buffer): void } };
  dictionary: { data: Record<string, unknown>; end(): void };
  layoutCache: Record<string, unknown>;
  layout(text: string, features?: unknown): { glyphs: { id: number; codePoints: number[] }[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
  embed(): void;
}
