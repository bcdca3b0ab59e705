import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Text that compresses, `bytes` long. */
const text = (bytes: number) => 'export const line = "an invoice line";\n'.repeat(Math.ceil(bytes / 38)).slice(0, bytes);

describe('precompressDir', () => {
  it('writes .br and .gz siblings of text files of 1 KB or more that decode to the file, and skips small and binary files', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bp-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const main = text(50_000);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), main);
    writeFileSync(join(dir, 'assets', 'index-abc.css'), text(2_000));
    writeFileSync(join(dir, 'index.html'), text(1_024));
    writeFileSync(join(dir, 'favicon.svg'), text(1_023)); // one byte short
    writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.alloc(20_000, 7)); // compressible bytes, but an image
    writeFileSync(join(dir, 'assets', 'font.woff2'), Buffer.alloc(20_000, 7));

    const written = await precompressDir(dir, { minBytes: 1024 });

    expect(written).toEqual([
      'assets/index-abc.css.br',
      'assets/index-abc.css.gz',
      'assets/index-abc.js.br',
      'assets/index-abc.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const br = readFileSync(join(dir, 'assets', 'index-abc.js.br'));
    const gz = readFileSync(join(dir, 'assets', 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(main);
    expect(gunzipSync(gz).toString()).toBe(main);
    expect(br.length).toBeLessThan(main.length / 10);
    for (const skipped of ['favicon.svg', 'assets/logo.png', 'assets/font.woff2'])
      for (const ext of ['.br', '.gz']) expect(existsSync(join(dir, skipped + ext)), skipped + ext).toBe(false);
  });

  it('writes no sibling that is not smaller than its file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bp-precompress-'));
    writeFileSync(join(dir, 'random.txt'), randomBytes(4_000)); // random bytes: encoded, they only grow
    writeFileSync(join(dir, 'notes.txt'), text(4_000));
    const written = await precompressDir(dir);
    expect(written).toEqual(['notes.txt.br', 'notes.txt.gz']);
    // Precompressing again leaves the siblings alone (they are not text files themselves).
    expect(await precompressDir(dir)).toEqual(written);
  });
});
