import * as mupdf from 'mupdf';
import { openPdf } from './pdf.ts';

/*
 * What a PDF draws, read with MuPDF from npm (no poppler-utils): the rows `pdfimages -list` and `pdffonts`
 * print, and pages rendered to pixels as `pdftoppm` renders them.
 */

type Obj = mupdf.PDFObject;

/** The operators' names of a content stream that draw an XObject (`/Name Do`), in drawing order. */
const drawnNames = (content: string) => [...content.matchAll(/\/([^\s/<>[\]()%{}]+)\s*Do\b/g)].map((m) => m[1]!);

const latin1 = (stream: Obj) => Buffer.from(stream.readStream().asUint8Array()).toString('latin1');

const contentOf = (page: Obj): string => {
  const contents = page.get('Contents');
  if (contents.isArray()) {
    const parts: string[] = [];
    contents.forEach((s) => parts.push(latin1(s)));
    return parts.join('\n');
  }
  return contents.isStream() ? latin1(contents) : '';
};

const lastFilter = (stream: Obj): string => {
  const f = stream.get('Filter');
  const name = f.isArray() ? (f.length ? f.get(f.length - 1) : mupdf.PDFObject.Null) : f;
  return name.isName() ? name.asName() : '';
};

const ENCODINGS: Record<string, string> = {
  DCTDecode: 'jpeg',
  JPXDecode: 'jpx',
  JBIG2Decode: 'jbig2',
  CCITTFaxDecode: 'ccitt',
};

/** `pdfimages -list`: one row per image each page draws, in drawing order, its soft mask as a row of its own. */
export async function pdfImages(pdf: Buffer): Promise<{ type: string; width: number; height: number; enc: string }[]> {
  const doc = openPdf(pdf);
  try {
    const rows: { type: string; width: number; height: number; enc: string }[] = [];
    const row = (type: string, image: Obj) =>
      rows.push({
        type,
        width: image.get('Width').asNumber(),
        height: image.get('Height').asNumber(),
        enc: ENCODINGS[lastFilter(image)] ?? 'image',
      });
    const draw = (content: string, resources: Obj, depth: number) => {
      for (const name of drawnNames(content)) {
        const x = resources.get('XObject').get(name);
        if (!x.isStream()) continue;
        const subtype = x.get('Subtype').isName() ? x.get('Subtype').asName() : '';
        if (subtype === 'Image') {
          row(x.get('ImageMask').isBoolean() && x.get('ImageMask').asBoolean() ? 'stencil' : 'image', x);
          if (x.get('SMask').isStream()) row('smask', x.get('SMask'));
          if (x.get('Mask').isStream()) row('mask', x.get('Mask'));
        } else if (subtype === 'Form' && depth < 8) {
          const own = x.get('Resources');
          draw(latin1(x), own.isDictionary() ? own : resources, depth + 1);
        }
      }
    };
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i).getObject();
      draw(contentOf(page), page.getInheritable('Resources'), 0);
    }
    return rows;
  } finally {
    doc.destroy();
  }
}

/** `pdffonts`: the fonts the pages use (each once, page by page), by name, and whether each is embedded. */
export async function pdfFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  const doc = openPdf(pdf);
  try {
    const seen = new Set<number | Obj>();
    const fonts: { name: string; embedded: boolean }[] = [];
    const embedded = (font: Obj): boolean => {
      const subtype = font.get('Subtype').isName() ? font.get('Subtype').asName() : '';
      if (subtype === 'Type3') return true;
      if (subtype === 'Type0') return embedded(font.get('DescendantFonts').get(0));
      const d = font.get('FontDescriptor');
      return ['FontFile', 'FontFile2', 'FontFile3'].some((k) => d.get(k).isStream());
    };
    const scan = (resources: Obj, depth: number) => {
      if (!resources.isDictionary()) return;
      resources.get('Font').forEach((ref) => {
        const key = ref.isIndirect() ? ref.asIndirect() : ref;
        if (seen.has(key)) return;
        seen.add(key);
        const font = ref.resolve();
        fonts.push({ name: font.get('BaseFont').isName() ? font.get('BaseFont').asName() : '[none]', embedded: embedded(font) });
      });
      if (depth < 8)
        resources.get('XObject').forEach((x) => {
          if (x.get('Subtype').isName() && x.get('Subtype').asName() === 'Form') scan(x.get('Resources'), depth + 1);
        });
    };
    for (let i = 0; i < doc.countPages(); i++) scan(doc.loadPage(i).getObject().getInheritable('Resources'), 0);
    return fonts;
  } finally {
    doc.destroy();
  }
}

function pixmapOf(pdf: Uint8Array, page: number, dpi: number): mupdf.Pixmap {
  const doc = openPdf(pdf);
  try {
    const p = doc.loadPage(page - 1);
    const pix = p.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true);
    p.destroy();
    return pix;
  } finally {
    doc.destroy();
  }
}

/** Page `page` (from 1) as RGB pixels at `dpi` (as `pdftoppm -r <dpi>` renders it), for comparing how pages look. */
export async function renderPage(pdf: Buffer, o: { page?: number; dpi?: number } = {}) {
  const pix = pixmapOf(pdf, o.page ?? 1, o.dpi ?? 24);
  const [width, height, stride] = [pix.getWidth(), pix.getHeight(), pix.getStride()];
  const samples = pix.getPixels();
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) pixels.set(samples.subarray(y * stride, y * stride + width * 3), y * width * 3);
  pix.destroy();
  return {
    width,
    height,
    /** [r, g, b] at (x, y). */
    at: (x: number, y: number) => [...pixels.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)] as [number, number, number],
    pixels,
  };
}

/** Page `page` (from 1) as a PNG file's bytes at `dpi` (`pdftoppm -png`), to keep beside a test's results. */
export function pagePng(pdf: Uint8Array, o: { page?: number; dpi?: number } = {}): Buffer {
  const pix = pixmapOf(pdf, o.page ?? 1, o.dpi ?? 50);
  try {
    return Buffer.from(pix.asPNG());
  } finally {
    pix.destroy();
  }
}

/** Page `page` (from 1) as a JPEG file's bytes at `dpi` (`pdftoppm -jpeg`, quality 75 as its default). */
export function pageJpeg(pdf: Uint8Array, o: { page?: number; dpi?: number } = {}): Buffer {
  const pix = pixmapOf(pdf, o.page ?? 1, o.dpi ?? 72);
  try {
    return Buffer.from(pix.asJPEG(75, false));
  } finally {
    pix.destroy();
  }
}

/** Share of pixels that differ (any channel by more than 48) between two renderings of the same size. */
export function pixelDifference(a: { pixels: Buffer }, b: { pixels: Buffer }): number {
  let diff = 0;
  const n = Math.min(a.pixels.length, b.pixels.length) / 3;
  for (let i = 0; i < n; i++) {
    const d = Math.max(...[0, 1, 2].map((k) => Math.abs(a.pixels[i * 3 + k]! - b.pixels[i * 3 + k]!)));
    if (d > 48) diff++;
  }
  return diff / n;
}
