import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files served as text (or WebAssembly), which compress well; images, fonts and archives are compressed already. */
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.wasm', '.txt', '.map', '.webmanifest', '.xml']);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) sibling next to every text file of at least
 * `minBytes` under `dir`; a sibling that would not be smaller than its file is not written (the server then sends the
 * file itself). Answers the siblings written, relative to `dir`.
 */
export async function precompressDir(dir: string, { minBytes = 1024 }: { minBytes?: number } = {}): Promise<string[]> {
  const written: string[] = [];
  const files = (await filesUnder(dir)).filter((f) => TEXT.has(extname(f).toLowerCase()));
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length < minBytes) return;
      const siblings: [string, Buffer][] = [
        [
          `${file}.br`,
          await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        ],
        [`${file}.gz`, await gz(body, { level: constants.Z_BEST_COMPRESSION })],
      ];
      for (const [path, packed] of siblings) {
        if (packed.length >= body.length) continue;
        await writeFile(path, packed);
        written.push(relative(dir, path));
      }
    }),
  );
  return written.sort();
}

/** The build's output, each text file with its precompressed siblings (the gateway serves them; see web.routes.ts). */
export function precompress({ minBytes = 1024 }: { minBytes?: number } = {}): Plugin {
  let outDir = 'dist';
  return {
    name: 'billpoint:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is on disk, the public/ folder's copies included.
    async closeBundle() {
      const written = await precompressDir(outDir, { minBytes });
      console.log(`precompressed: ${written.length} .br/.gz files`);
    },
  };
}
