import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import pg from 'pg';
import {
  acceptUploads,
  appDatabaseUrl,
  baseConfigShape,
  createInternalTokenSigner,
  deleteFile,
  FilePolicies,
  INTERNAL_TOKEN_HEADER,
  NotFound,
  PayloadTooLarge,
  readFile,
  sendFile,
  startService,
  storeFile,
  uploadOf,
  type FilePolicy,
  type RunningService,
  type ServiceDefinition,
} from '../src/index.ts';
import { createTestDatabase, testEnv, TEST_TOKEN_KEY, type TestDatabase } from './support/index.ts';

const POLICY: FilePolicy = { accept: FilePolicies.documents.accept, maxBytes: 64 * 1024 };
const configSchema = z.object({ ...baseConfigShape });
const Query = z.object({ filename: z.string().optional(), download: z.literal('1').optional() });
const Params = z.object({ id: z.string() });

/** A throwaway service with upload, download and delete routes on the kit's file storage. */
const def = {
  name: 'filetest',
  schema: 'filetest',
  configSchema,
  entities: [],
  migrations: [],
  async routes(app, ctx) {
    await app.register(async (scope) => {
      acceptUploads(scope, POLICY);
      scope.post('/api/files', { config: { permission: 'member' } }, async (req, reply) => {
        const { filename } = Query.parse(req.query);
        const stored = await ctx.tx(req.identity, (em) => storeFile(em, req.identity.tenantId, { ...uploadOf(req, POLICY), filename }));
        return reply.status(201).send(stored);
      });
    });
    app.get('/api/files/:id', { config: { permission: 'member' } }, async (req, reply) => {
      const file = await ctx.tx(req.identity, (em) => readFile(em, Params.parse(req.params).id));
      if (!file) throw new NotFound('File not found');
      return sendFile(req, reply, file, { disposition: Query.parse(req.query).download ? 'attachment' : 'inline' });
    });
    app.delete('/api/files/:id', { config: { permission: 'member' } }, async (req, reply) => {
      const gone = await ctx.tx(req.identity, (em) => deleteFile(em, Params.parse(req.params).id));
      if (!gone) throw new NotFound('File not found');
      return reply.status(204).send();
    });
  },
} satisfies ServiceDefinition<typeof configSchema>;

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
const as = (tenantId: string) => ({ [INTERNAL_TOKEN_HEADER]: sign({ tenantId, userId: 'u', role: 'admin', scopes: [] }) });

let db: TestDatabase;
let svc: RunningService;
beforeAll(async () => {
  db = await createTestDatabase();
  svc = await startService(def, { env: testEnv(db), listen: false });
});
afterAll(async () => {
  await svc?.close();
  await db?.drop();
});

/** Every byte value, then noise: a file that only survives as exact bytes. */
const tail = () => Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(512)]);
const samples: Record<string, Buffer> = {
  'image/png': Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'image/jpeg': Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    tail(),
    Buffer.from([0xff, 0xd9]),
  ]),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0x03, 0, 0]), Buffer.from('WEBPVP8L'), tail()]),
  'application/pdf': Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), tail(), Buffer.from('\n%%EOF\n')]),
};
const upload = (body: Buffer, contentType: string, tenantId = T1, query = '') =>
  svc.app.inject({ method: 'POST', url: `/api/files${query}`, headers: { ...as(tenantId), 'content-type': contentType }, payload: body });
const fileCount = async () => Number((await db.query<{ n: string }>('select count(*) as n from filetest.files')).rows[0]!.n);

describe('file storage', () => {
  it.each(Object.entries(samples))('%s round-trips byte-exact, served with its type, length and nosniff', async (type, bytes) => {
    const res = await upload(bytes, type);
    expect(res.statusCode).toBe(201);
    const stored = res.json<{ id: string; contentType: string; size: number; sha256: string }>();
    expect(stored).toMatchObject({ contentType: type, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    const got = await svc.app.inject({ method: 'GET', url: `/api/files/${stored.id}`, headers: as(T1) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe(type);
    expect(got.headers['content-length']).toBe(String(bytes.length));
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a PNG sent as a PDF with a 400 naming the field, and stores nothing', async () => {
    const before = await fileCount();
    const res = await upload(samples['image/png']!, 'application/pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ issues: [{ path: 'file', message: 'The file was sent as application/pdf but is a PNG image' }] });
    expect(await fileCount()).toBe(before);
  });

  it('refuses what is not an accepted kind: unknown bytes (400), SVG unless a use lists it (415 at the door, 400 inside)', async () => {
    const before = await fileCount();
    expect((await upload(Buffer.from('MZ\x90\0 an executable'), 'application/octet-stream')).json()).toMatchObject({
      statusCode: 400,
      issues: [{ path: 'file', message: 'The file must be one of: PNG image, JPEG image, WebP image, GIF image, PDF document' }],
    });
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, 'image/svg+xml')).statusCode).toBe(415);
    expect((await upload(svg, 'image/png')).statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('an SVG, where a use accepts it, is served sandboxed', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const stored = await svc.ctx.tx({ tenantId: T1 }, (em) =>
      storeFile(em, T1, { bytes: svg, contentType: 'image/svg+xml', policy: { accept: ['svg'], maxBytes: 1024 } }),
    );
    const got = await svc.app.inject({ method: 'GET', url: `/api/files/${stored.id}`, headers: as(T1) });
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses an oversize body with a 413 before storing it (by its length, and in storeFile itself)', async () => {
    const before = await fileCount();
    const big = Buffer.concat([samples['image/png']!, Buffer.alloc(POLICY.maxBytes)]);
    const res = await upload(big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413 });
    await expect(svc.ctx.tx({ tenantId: T1 }, (em) => storeFile(em, T1, { bytes: big, policy: POLICY }))).rejects.toThrow(PayloadTooLarge);
    expect(await fileCount()).toBe(before);
  });

  it('another tenant cannot read or delete it: 404 over HTTP, and no row as the runtime role under RLS', async () => {
    const id = (await upload(samples['application/pdf']!, 'application/pdf')).json<{ id: string }>().id;
    expect((await svc.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: as(T2) })).statusCode).toBe(404);
    expect((await svc.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: as(T2) })).statusCode).toBe(404);

    const app = new pg.Client({ connectionString: appDatabaseUrl('filetest', db.url) });
    await app.connect();
    try {
      const count = async (tenantId: string | null) => {
        await app.query('begin');
        if (tenantId) await app.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
        const { rows } = await app.query<{ n: string }>('select count(*) as n from filetest.files where id = $1', [id]);
        await app.query('commit');
        return Number(rows[0]!.n);
      };
      expect(await count(T2)).toBe(0);
      expect(await count(null)).toBe(0);
      expect(await count(T1)).toBe(1);
      const forced = await db.query<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        `select relrowsecurity, relforcerowsecurity from pg_class where oid = 'filetest.files'::regclass`,
      );
      expect(forced.rows[0]).toEqual({ relrowsecurity: true, relforcerowsecurity: true });
    } finally {
      await app.end();
    }
    expect((await svc.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: as(T1) })).statusCode).toBe(204);
    expect((await svc.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: as(T1) })).statusCode).toBe(404);
  });

  it('serves a safe Content-Disposition, private cache headers and an ETag (304 on a match)', async () => {
    const name = encodeURIComponent('../../Quittung "März"\r\nSet-Cookie: x.png');
    const id = (await upload(samples['application/pdf']!, 'application/pdf', T1, `?filename=${name}`)).json<{ id: string }>().id;
    const got = await svc.app.inject({ method: 'GET', url: `/api/files/${id}?download=1`, headers: as(T1) });
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Quittung M_rzSet-Cookie x.pdf"; filename*=UTF-8''Quittung%20M%C3%A4rzSet-Cookie%20x.pdf`,
    );
    expect(got.headers['cache-control']).toBe('private, max-age=300');
    const etag = got.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await svc.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { ...as(T1), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await svc.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: as(T1) })).headers['content-disposition']).toMatch(
      /^inline;/,
    );
  });
});
