import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { pageJpeg } from './pdf-pages.ts';

/** A real PNG (RGBA, 8 bits) made here: a rounded badge in two colours on a transparent ground. */
export function makePng(
  width = 120,
  height = 60,
  colours: [number, number, number][] = [
    [37, 99, 235],
    [16, 185, 129],
  ],
): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const inside = Math.hypot(Math.max(Math.abs(x - width / 2) - width / 2 + height / 2, 0), y - height / 2) < height / 2;
      const [r, g, b] = colours[x < width / 2 ? 0 : 1]!;
      raw.set([r, g, b, inside ? 255 : 0], y * (width * 4 + 1) + 1 + x * 4);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG: a coloured drawing rendered at 72 dpi by MuPDF (npm), which the PDF tests use anyway. */
export async function makeJpeg(colour = '#DC2626'): Promise<Buffer> {
  const doc = new PDFDocument({ size: [160, 80], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => doc.on('end', r));
  doc.rect(0, 0, 160, 80).fill('#FFFFFF').circle(40, 40, 30).fill(colour).rect(80, 15, 70, 50).fill('#111827');
  doc.end();
  await done;
  return pageJpeg(Buffer.concat(chunks), { dpi: 72 });
}

/** A small SVG logo: a circle, a gradient bar and a word. */
export const SVG_LOGO = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 80" width="200" height="80">
  <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#7C3AED"/><stop offset="1" stop-color="#DB2777"/></linearGradient></defs>
  <circle cx="40" cy="40" r="32" fill="#7C3AED"/>
  <rect x="84" y="24" width="104" height="32" rx="8" fill="url(#g)"/>
  <use href="#g"/>
</svg>`;
