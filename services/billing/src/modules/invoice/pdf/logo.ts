import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';

/**
 * A logo ready for any number of PDFs. Decoding is done once per logo (the caller caches the result by tenant and
 * logo key, which never changes its bytes): for PNG and JPEG the image XObjects pdfkit would build — for a PNG with
 * transparency that is inflating every pixel, splitting off the alpha channel and deflating both again — are
 * recorded once and replayed into each document as finished bytes.
 */
export type PreparedLogo =
  | { kind: 'raster'; width: number; height: number; orientation: number; objects: RecordedObject[] }
  | { kind: 'svg'; width: number; height: number; svg: string };

interface RecordedObject {
  data: Record<string, unknown>;
  chunks: Buffer[];
}

/** A stand-in for pdfkit's document while its image code runs: records the objects it makes. */
function recorder() {
  const objects: (RecordedObject & { ref: true })[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const doc = {
    ref(data: Record<string, unknown> = {}) {
      const first = objects.length === 0;
      const o = {
        ref: true as const,
        data,
        chunks: [] as Buffer[],
        write(chunk: Uint8Array) {
          o.chunks.push(Buffer.from(chunk));
        },
        end(chunk?: Uint8Array) {
          if (chunk) o.chunks.push(Buffer.from(chunk));
          if (first) done(); // the image object itself ends last
        },
      };
      objects.push(o);
      return o;
    },
  };
  return { doc, objects, finished };
}

/** Decodes a PNG or JPEG once into the objects each PDF will copy. */
async function prepareRaster(bytes: Buffer): Promise<PreparedLogo> {
  const scratch = new PDFDocument({ font: null as unknown as string, autoFirstPage: false });
  const image = (scratch as unknown as { openImage(src: Buffer): unknown }).openImage(bytes) as {
    width: number;
    height: number;
    orientation?: number;
    embed(doc: unknown): void;
  };
  const rec = recorder();
  image.embed(rec.doc);
  await rec.finished;
  // Nested references become indexes into the list, resolved again per document.
  const index = new Map<unknown, number>(rec.objects.map((o, i) => [o, i]));
  const swap = (v: unknown): unknown => (index.has(v) ? { $ref: index.get(v) } : Array.isArray(v) ? v.map(swap) : v);
  const objects = rec.objects.map((o) => ({
    data: Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, swap(v)])),
    chunks: o.chunks,
  }));
  return { kind: 'raster', width: image.width, height: image.height, orientation: image.orientation ?? 1, objects };
}

/** The SVG's size from its root: viewBox, else width/height (px), else a square. */
function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const box = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  const w = parseFloat(attr('width') ?? '');
  const h = parseFloat(attr('height') ?? '');
  return w > 0 && h > 0 ? { width: w, height: h } : { width: 100, height: 100 };
}

export async function prepareLogo(contentType: string, bytes: Buffer): Promise<PreparedLogo | null> {
  if (contentType === 'image/png' || contentType === 'image/jpeg') return prepareRaster(bytes);
  if (contentType === 'image/svg+xml') {
    const svg = bytes.toString('utf8'); // stored sanitized (logo.sanitize.ts)
    return { kind: 'svg', svg, ...svgSize(svg) };
  }
  return null;
}

type Ref = { end(chunk?: Buffer): void; data: Record<string, unknown> };
/** A 1×1 transparent PNG: what an SVG's <image> gets for anything but an embedded PNG or JPEG (never a file path). */
const BLANK_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Draws the logo fitted into the box (keeping its proportions), aligned left, center or right. Answers the height
 * it took.
 */
export function drawLogo(
  doc: PDFKit.PDFDocument,
  logo: PreparedLogo,
  box: { x: number; y: number; width: number; height: number; align: 'left' | 'center' | 'right' },
): number {
  const swapped = logo.kind === 'raster' && logo.orientation > 4;
  const [w0, h0] = swapped ? [logo.height, logo.width] : [logo.width, logo.height];
  const scale = Math.min(box.width / w0, box.height / h0);
  const width = w0 * scale;
  const height = h0 * scale;
  const x = box.align === 'left' ? box.x : box.align === 'right' ? box.x + box.width - width : box.x + (box.width - width) / 2;
  if (logo.kind === 'svg') {
    SVGtoPDF(doc, logo.svg, x, box.y, {
      width,
      height,
      assumePt: true,
      preserveAspectRatio: 'xMidYMid meet',
      fontCallback: (_family, bold) => (bold ? 'Bold' : 'Regular'),
      imageCallback: (link) => (/^data:image\/(png|jpeg);base64,/i.test(link.replace(/\s+/g, '')) ? link.replace(/\s+/g, '') : BLANK_PNG),
      documentCallback: () => [],
      warningCallback: () => {},
    });
    return height;
  }
  const image = {
    width: logo.width,
    height: logo.height,
    orientation: logo.orientation,
    label: 'Logo',
    obj: null as Ref | null,
    embed(target: PDFKit.PDFDocument) {
      // pdfkit's image code only ever names objects it made after the one naming them, so making them last to
      // first gives every dictionary its references, whole from the start (a stream's Filter decides at creation
      // whether pdfkit compresses it: recorded data is already compressed).
      const refs: Ref[] = [];
      const unswap = (v: unknown): unknown =>
        v && typeof v === 'object' && '$ref' in v ? refs[(v as { $ref: number }).$ref] : Array.isArray(v) ? v.map(unswap) : v;
      for (let i = logo.objects.length - 1; i >= 0; i--) {
        const o = logo.objects[i]!;
        const data = Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, unswap(v)]));
        refs[i] = (target as unknown as { ref(d?: object): Ref }).ref(data);
        refs[i]!.end(o.chunks.length ? Buffer.concat(o.chunks) : undefined);
      }
      this.obj = refs[0]!;
    },
  };
  doc.image(image as unknown as PDFKit.Mixins.ImageSrc, x, box.y, { width, height });
  return height;
}
