import * as mupdf from 'mupdf';

/**
 * Reading PDFs in tests with MuPDF from npm (WASM): no poppler-utils or any other system tool, so a new
 * machine's `npm install && npm test` reads them as CI does.
 */
export function openPdf(pdf: Uint8Array): mupdf.PDFDocument {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF();
  if (!doc) throw new Error('not a PDF');
  return doc;
}

/** The number of pages of a PDF. */
export function pdfPageCount(pdf: Uint8Array): number {
  const doc = openPdf(pdf);
  try {
    return doc.countPages();
  } finally {
    doc.destroy();
  }
}

interface Glyph {
  c: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

/**
 * The text of a PDF laid out as `pdftotext -layout` (poppler) lays it out, which the assertions were written
 * against: one output line per baseline, left to right, so a label and its figure on the same row are on the same
 * line ("Total    $348.25"); letters make one word, a space character or a gap between them one space (see
 * below), a wider gap (another column) pads to the column's place on a grid of the page's average letter width,
 * at least one space; each page ends with a form feed. Space characters of the PDF are not copied: gaps come
 * from where the letters are, as in pdftotext. Text that does not run left to right (a diagonal watermark) comes
 * after the page's lines, one line per run of text, read along its direction.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = openPdf(pdf);
  try {
    let out = '';
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      out += pageText(page.toStructuredText('preserve-whitespace,inhibit-spaces')) + '\f';
      page.destroy();
    }
    return out;
  } finally {
    doc.destroy();
  }
}

function pageText(st: mupdf.StructuredText): string {
  const glyphs: Glyph[] = [];
  const turned: string[] = [];
  let horizontal = true;
  let run = '';
  st.walk({
    beginLine(_bbox, _wmode, dir) {
      horizontal = Math.abs(dir[1]) < 1e-3 && dir[0] > 0;
      run = '';
    },
    onChar(c, origin, _font, size, q) {
      if (!horizontal) run += c;
      else glyphs.push({ c, x0: Math.min(q[0], q[4]), x1: Math.max(q[2], q[6]), y: origin[1], size });
    },
    endLine() {
      if (!horizontal && run.trim()) turned.push(run.trim().replace(/\s+/g, ' '));
    },
  });
  st.destroy();

  // Lines: glyphs whose baselines are within half a font size of the line's first.
  glyphs.sort((a, b) => a.y - b.y || a.x0 - b.x0);
  const lines: Glyph[][] = [];
  for (const g of glyphs) {
    const line = lines.at(-1);
    if (line && Math.abs(g.y - line[0]!.y) <= 0.5 * Math.min(g.size, line[0]!.size)) line.push(g);
    else lines.push([g]);
  }

  const ink = glyphs.filter((g) => g.c.trim());
  const unit = ink.length ? ink.reduce((s, g) => s + (g.x1 - g.x0) / g.c.length, 0) / ink.length : 1;
  const left = Math.min(...ink.map((g) => g.x0));

  const text: string[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x0 - b.x0);
    // Letter-spaced text ("I N V O I C E" drawn with character spacing) is one word, as pdftotext reads it: a gap
    // is a word break when a space character stands in it or it is a tenth of the font size wider than the
    // line's narrowest gap between letters.
    const pairs = line.flatMap((g, i) => (i && g.c.trim() && line[i - 1]!.c.trim() ? [g.x0 - line[i - 1]!.x1] : []));
    const tight = Math.max(0, Math.min(...pairs.filter((gap) => gap < 0.8 * line[0]!.size)));
    let s = '';
    let prev: Glyph | undefined;
    let spaced = false; // a space character since the last letter
    for (const g of line) {
      if (!g.c.trim()) {
        spaced = true;
        continue;
      }
      if (!prev) s += ' '.repeat(Math.max(0, Math.round((g.x0 - left) / unit)));
      else {
        const gap = g.x0 - prev.x1;
        const size = Math.min(g.size, prev.size);
        if (gap > 0.8 * size) s += ' '.repeat(Math.max(1, Math.round((g.x0 - left) / unit) - s.length));
        else if (spaced || gap > tight + 0.1 * size) s += ' ';
      }
      s += g.c;
      prev = g;
      spaced = false;
    }
    if (s.trim()) text.push(s.trimEnd());
  }
  return [...text, ...turned].map((l) => `${l}\n`).join('');
}

export async function fetchBytes(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
