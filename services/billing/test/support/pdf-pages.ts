import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const tmpPdf = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'bp-pdf-')), 'doc.pdf');
  writeFileSync(file, pdf);
  return file;
};

/** `pdfimages -list`: one row per image of the PDF (type, size, encoding). */
export async function pdfImages(pdf: Buffer): Promise<{ type: string; width: number; height: number; enc: string }[]> {
  const { stdout } = await promisify(execFile)('pdfimages', ['-list', tmpPdf(pdf)]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map((c) => ({ type: c[2]!, width: Number(c[3]), height: Number(c[4]), enc: c[8]! }));
}

/** `pdffonts`: the names of the embedded fonts, and whether each is embedded. */
export async function pdfFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  const { stdout } = await promisify(execFile)('pdffonts', [tmpPdf(pdf)]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      return { name: c[0]!, embedded: c.at(-5) === 'yes' };
    });
}

/** Page `page` as RGB pixels (pdftoppm at `dpi`), for comparing how pages look. */
export async function renderPage(pdf: Buffer, o: { page?: number; dpi?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bp-ppm-'));
  const page = String(o.page ?? 1);
  await promisify(execFile)('pdftoppm', ['-r', String(o.dpi ?? 24), '-f', page, '-l', page, '-singlefile', tmpPdf(pdf), join(dir, 'p')]);
  const ppm = readFileSync(join(dir, 'p.ppm'));
  // P6 <w> <h> <max>\n<rgb…>
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = ppm.subarray(header[0].length);
  return {
    width,
    height,
    /** [r, g, b] at (x, y). */
    at: (x: number, y: number) => [...pixels.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)] as [number, number, number],
    pixels,
  };
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
