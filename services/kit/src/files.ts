import { createHash, randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tenantFilter } from './db.ts';
import { Invalid, PayloadTooLarge } from './errors.ts';

/**
 * Files kept in Postgres (`<schema>.files`, a kit table in every service schema, RLS forced): logos, receipts,
 * report downloads. What a file is comes from its bytes, never from the name or the declared type: each use
 * lists the kinds it accepts, and a declared content type that disagrees with the bytes is refused.
 *
 * Signatures are a small table of magic numbers rather than a detection library: we accept five fixed formats
 * (and SVG where a use asks for it), a library's breadth would only be filtered away again, and every rule is
 * visible here.
 */
const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export const FileKinds = {
  png: { mime: 'image/png', label: 'PNG image', ext: 'png', test: (b: Uint8Array) => startsWith(b, [0x89, ...ascii('PNG\r\n\x1a\n')]) },
  jpeg: { mime: 'image/jpeg', label: 'JPEG image', ext: 'jpg', test: (b: Uint8Array) => startsWith(b, [0xff, 0xd8, 0xff]) },
  webp: {
    mime: 'image/webp',
    label: 'WebP image',
    ext: 'webp',
    test: (b: Uint8Array) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
  gif: {
    mime: 'image/gif',
    label: 'GIF image',
    ext: 'gif',
    test: (b: Uint8Array) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  },
  pdf: { mime: 'application/pdf', label: 'PDF document', ext: 'pdf', test: (b: Uint8Array) => startsWith(b, ascii('%PDF-')) },
  /** Text that can carry script: refused unless a use lists it, and served sandboxed. */
  svg: { mime: 'image/svg+xml', label: 'SVG image', ext: 'svg', test: isSvg },
} as const;
export type FileKind = keyof typeof FileKinds;

/** An SVG document: optional BOM, XML declaration, comments and doctype, then an `<svg` root element. */
function isSvg(b: Uint8Array): boolean {
  const head = Buffer.from(b.subarray(0, 4096)).toString('utf8');
  return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head);
}

/** The kind of a file by its bytes, or null when it is none of the kinds we know. */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  for (const [kind, k] of Object.entries(FileKinds)) if (k.test(bytes)) return kind as FileKind;
  return null;
}

/** What one use of files accepts. */
export interface FilePolicy {
  accept: readonly FileKind[];
  maxBytes: number;
}
export const FilePolicies = {
  /** Logos, product pictures. */
  images: { accept: ['png', 'jpeg', 'webp', 'gif'], maxBytes: 2 * 1024 * 1024 },
  /** Receipts, attachments. */
  documents: { accept: ['png', 'jpeg', 'webp', 'gif', 'pdf'], maxBytes: 10 * 1024 * 1024 },
} as const satisfies Record<string, FilePolicy>;

/** A row of `<schema>.files`. `bytes` is loaded only when asked for (`readFile`). */
export const StoredFileEntity = defineEntity({
  name: 'KitStoredFile',
  tableName: 'files',
  filters: tenantFilter,
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    contentType: p.text(),
    size: p.integer(),
    sha256: p.text(),
    filename: p.text().nullable(),
    bytes: p.blob().lazy(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export interface StoredFile {
  id: string;
  contentType: string;
  size: number;
  sha256: string;
  filename: string | null;
  createdAt: Date;
}
export interface FileWithBytes extends StoredFile {
  bytes: Buffer;
}

export interface FileInput {
  bytes: Uint8Array;
  /** The content type the client declared (header or form part); must agree with the bytes when given. */
  contentType?: string | null;
  filename?: string | null;
  policy: FilePolicy;
  /** The field named in a 400 (default `file`). */
  field?: string;
}

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
const normalizeType = (t: string) => {
  const base = t.split(';')[0]!.trim().toLowerCase();
  return base === 'image/jpg' || base === 'image/pjpeg' ? 'image/jpeg' : base;
};

/** Checks `input` against its policy and returns its kind; refuses with 413, or 400 naming the field. */
export function checkFile(input: FileInput): FileKind {
  const field = input.field ?? 'file';
  const { accept, maxBytes } = input.policy;
  if (input.bytes.length > maxBytes) throw new PayloadTooLarge(`The ${field} is larger than ${mb(maxBytes)}.`);
  if (input.bytes.length === 0) throw new Invalid('The file is empty', field);
  const kind = detectFileKind(input.bytes);
  const allowed = accept.map((k) => FileKinds[k].label).join(', ');
  if (!kind || !accept.includes(kind)) throw new Invalid(`The file must be one of: ${allowed}`, field);
  const declared = input.contentType ? normalizeType(input.contentType) : '';
  if (declared && declared !== 'application/octet-stream' && declared !== FileKinds[kind].mime) {
    throw new Invalid(`The file was sent as ${declared} but is a ${FileKinds[kind].label}`, field);
  }
  return kind;
}

const metadata = (f: Omit<StoredFile, 'filename'> & { filename?: string | null }): StoredFile => ({
  id: f.id,
  contentType: f.contentType,
  size: f.size,
  sha256: f.sha256,
  filename: f.filename ?? null,
  createdAt: f.createdAt,
});

/** Stores a checked file in the tenant transaction `em` (`ctx.tx`); its content type is the detected one. */
export async function storeFile(em: EntityManager, tenantId: string, input: FileInput): Promise<StoredFile> {
  const kind = checkFile(input);
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const file = em.create(StoredFileEntity, {
    id: randomUUID(),
    tenantId,
    contentType: FileKinds[kind].mime,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    filename: input.filename ? safeFilename(input.filename, FileKinds[kind].ext) : null,
    bytes,
  });
  await em.flush();
  return metadata(file);
}

/** A file of the tenant of `em` with its bytes, or null (another tenant's file is null too: RLS and the filter). */
export async function readFile(em: EntityManager, id: string): Promise<FileWithBytes | null> {
  if (!UUID.test(id)) return null;
  const file = await em.findOne(StoredFileEntity, { id }, { populate: ['bytes'] });
  return file ? { ...metadata(file), bytes: Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes) } : null;
}

/** Deletes a file of the tenant of `em`; answers whether there was one. */
export async function deleteFile(em: EntityManager, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return (await em.nativeDelete(StoredFileEntity, { id })) > 0;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A name safe in a header and on a disk: no path, no control or quote characters, the given extension. */
export function safeFilename(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
    .replace(/[\u0000-\u001f\u007f"*:<>?|;]/g, '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 150)
    .replace(/\.[^.]*$/, '');
  return `${base || 'file'}.${ext}`;
}

export interface SendFileOptions {
  /** `inline` (shown in the browser; default) or `attachment` (downloaded). */
  disposition?: 'inline' | 'attachment';
  /** The download name (default: the stored name, else `file.<ext>`). */
  filename?: string;
  /** Default `private, max-age=300`: tenant data, never in shared caches; the ETag makes revalidation cheap. */
  cacheControl?: string;
}

/** Answers a stored file: exact type and length, nosniff, a safe Content-Disposition, cache headers, 304 on a match. */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileWithBytes, o: SendFileOptions = {}) {
  const ext = Object.values(FileKinds).find((k) => k.mime === file.contentType)?.ext ?? 'bin';
  const name = safeFilename(o.filename ?? file.filename ?? 'file', ext);
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\%]/g, '_');
  const etag = `"${file.sha256}"`;
  void reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${o.disposition ?? 'inline'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', o.cacheControl ?? 'private, max-age=300')
    .header('etag', etag);
  // SVG can carry script: no script, no plugins, no same-origin powers even when opened directly.
  if (file.contentType === FileKinds.svg.mime)
    void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.header('content-length', String(file.bytes.length)).send(file.bytes);
}

/**
 * Lets the routes of `app` take a file as the raw request body, sent with its content type (`fetch(url, { body:
 * file })` does so): only the policy's types (and application/octet-stream) are parsed, anything else is a 415,
 * and a body larger than `maxBytes` is refused with a 413 before it is buffered (by Content-Length at once, else
 * while it streams). Call it inside an encapsulated plugin so that other routes keep their parsers.
 */
export function acceptUploads(app: FastifyInstance, policy: FilePolicy) {
  const types = [...new Set([...policy.accept.map((k) => FileKinds[k].mime), 'application/octet-stream'])];
  app.addContentTypeParser(types, { parseAs: 'buffer', bodyLimit: policy.maxBytes }, (_req, body, done) => done(null, body));
}

/** The uploaded file of a request on a route under `acceptUploads`, ready for `storeFile`. */
export function uploadOf(request: FastifyRequest, policy: FilePolicy, field = 'file'): FileInput {
  if (!Buffer.isBuffer(request.body)) throw new Invalid('Send the file as the request body, with its content type', field);
  return { bytes: request.body, contentType: request.headers['content-type'] ?? null, policy, field };
}
