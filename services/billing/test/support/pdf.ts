import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The text of a PDF as `pdftotext` (poppler) extracts it, layout kept. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'bp-pdf-')), 'invoice.pdf');
  writeFileSync(file, pdf);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
  return stdout;
}

export async function fetchBytes(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
