/**
 * Compression through the gateway: the SPA's files from their build-time .br/.gz siblings, the gateway's own and the
 * services' JSON encoded on the fly; what must go out as it is (HEAD, event streams, small answers, PDFs, no-transform)
 * does; COMPRESSION=off sends every byte as it is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '@billpoint/kit';
import type { HttpClient } from '@billpoint/kit/testing';
import { gatewayService } from '../src/app.ts';
import { configSchema } from '../src/config.ts';
import { compression } from '../src/modules/web/compression.ts';
import { precompressDir } from '../../web/tooling/precompress.ts';
import { makeCustomer, makeInvoice } from '../../services/billing/test/support/factories.ts';
import { openLive } from './support/live.ts';
import { startStack, type Stack } from './support/stack.ts';

const MAIN = '/assets/index-C0ffee12.js';
/** A main script of some size, as the build emits it (hashed name under assets/). */
const mainScript = Array.from({ length: 3_000 }, (_, i) => `export const invoiceLine${i} = () => "line ${i}";`).join('\n');

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (never decoded). */
  body: Buffer;
}

/** One request on a connection of its own, `accept-encoding` exactly as given (none when absent), nothing decoded. */
function send(base: string, path: string, o: { method?: string; encoding?: string; cookie?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (o.encoding !== undefined) headers['accept-encoding'] = o.encoding;
  if (o.cookie) headers.cookie = o.cookie;
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method: o.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.once('error', reject);
    });
    req.once('error', reject).end();
  });
}

/** The body as the client reads it, decoded by its Content-Encoding. */
function decoded(a: Answer) {
  const e = a.headers['content-encoding'];
  return (e === 'br' ? brotliDecompressSync(a.body) : e === 'gzip' ? gunzipSync(a.body) : a.body).toString('utf8');
}

const cookieOf = (c: HttpClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const varies = (a: Answer) => /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(a.headers.vary ?? ''));

let stack: Stack;
let dist: string;
let on: RunningService;
let off: RunningService;
let client: HttpClient;

beforeAll(async () => {
  stack = await startStack({ env: { LIVE_HEARTBEAT_MS: '100' } });
  dist = mkdtempSync(join(tmpdir(), 'bp-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Billpoint</title><script type="module" src="${MAIN}"></script>`);
  writeFileSync(join(dist, `.${MAIN}`), mainScript);
  await precompressDir(dist); // what the build's plugin does
  on = await startService(gatewayService, { env: { ...stack.gatewayEnv, WEB_DIST: dist }, bus: stack.bus });
  off = await startService(gatewayService, { env: { ...stack.gatewayEnv, WEB_DIST: dist, COMPRESSION: 'off' }, bus: stack.bus });
  client = stack.client();
  await client.register();
  for (let i = 0; i < 20; i++) await makeCustomer(client, { name: `Compressible Customer Number ${i}` });
});
afterAll(async () => {
  await on?.close();
  await off?.close();
  await stack?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the SPA files (precompressed at build)', () => {
  it('sends the main script as brotli when the client accepts it, with its type and its long cache', async () => {
    const a = await send(on.url, MAIN, { encoding: 'gzip, deflate, br' });
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(a.headers['content-type']).toBe((await send(on.url, MAIN)).headers['content-type']); // the file's, not .br's
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(a)).toBe(true);
    expect(a.body.length).toBeLessThan(mainScript.length / 5);
    expect(Number(a.headers['content-length'])).toBe(a.body.length);
    expect(decoded(a)).toBe(mainScript);
  });

  it('sends gzip when only gzip is accepted, and the file itself when no encoding is', async () => {
    const gz = await send(on.url, MAIN, { encoding: 'gzip' });
    expect([gz.headers['content-encoding'], varies(gz), decoded(gz) === mainScript]).toEqual(['gzip', true, true]);
    for (const encoding of [undefined, 'identity']) {
      const plain = await send(on.url, MAIN, { encoding });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding'], encoding).toBeUndefined();
      expect(varies(plain)).toBe(true); // a cache must not hand this copy to a client that accepts brotli
      expect(plain.body.toString('utf8')).toBe(mainScript);
    }
  });

  it('keeps index.html uncached, also through the history fallback', async () => {
    for (const path of ['/', '/invoices/5/edit']) {
      const a = await send(on.url, path, { encoding: 'br' });
      expect(a.status, path).toBe(200);
      expect(a.headers['cache-control'], path).toBe('no-cache');
      expect(decoded(a), path).toContain('<title>Billpoint</title>');
    }
  });

  it('HEAD of the main script: no body, and the dynamic compression stays out', async () => {
    const a = await send(on.url, MAIN, { method: 'HEAD', encoding: 'deflate' }); // deflate: no sibling, only on the fly
    expect(a.status).toBe(200);
    expect(a.body.length).toBe(0);
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(mainScript));
  });
});

describe('dynamic answers', () => {
  it("compresses a large JSON answer of a service (proxied) and of the gateway's own, decoding to the same body", async () => {
    const cookie = cookieOf(client);
    const plain = await send(on.url, '/api/customers', { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2_000);
    for (const encoding of ['br', 'gzip']) {
      const a = await send(on.url, '/api/customers', { cookie, encoding });
      expect(a.status).toBe(200);
      expect(a.headers['content-encoding']).toBe(encoding);
      expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(varies(a)).toBe(true);
      expect(a.headers['x-content-type-options']).toBe('nosniff'); // the proxied answer's own headers stay
      expect(a.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(a))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
    const doc = await send(on.url, '/api/v1/openapi.json', { encoding: 'br' });
    expect([doc.status, doc.headers['content-encoding'], varies(doc)]).toEqual([200, 'br', true]);
    expect(JSON.parse(decoded(doc)).openapi).toMatch(/^3\./);
  });

  it('leaves answers under 1 KB as they are: the gateway’s own and a service’s', async () => {
    const config = await send(on.url, '/api/config', { encoding: 'br, gzip' });
    expect(config.status).toBe(200);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(config.body.toString('utf8'))).toEqual({ maintenanceNotice: null });
    const [first] = (await client.get('/api/customers?limit=1')).json as { id: number }[];
    const one = await send(on.url, `/api/customers/${first!.id}`, { cookie: cookieOf(client), encoding: 'br, gzip' });
    expect(one.status).toBe(200);
    expect(one.body.length).toBeLessThan(1024);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(Number(one.headers['content-length'])).toBe(one.body.length);
  });

  it('HEAD of a large JSON answer is not encoded', async () => {
    const a = await send(on.url, '/api/v1/openapi.json', { method: 'HEAD', encoding: 'br, gzip' });
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(a.body.length).toBe(0);
  });

  it('never encodes a PDF', async () => {
    const customer = await makeCustomer(client);
    const invoice = await makeInvoice(client, customer.id, { status: 'sent' });
    const a = await send(on.url, `/api/invoices/${invoice.id}/pdf`, { cookie: cookieOf(client), encoding: 'br, gzip' });
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('application/pdf');
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(a.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('streams server-sent events unencoded, event by event', async () => {
    const live = await openLive(client, { 'accept-encoding': 'br, gzip' });
    try {
      expect(live.status).toBe(200);
      expect(live.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(live.headers['content-encoding']).toBeUndefined();
      // Heartbeats every 100 ms arrive as readable text while the stream stays open.
      await expect.poll(() => live.events.filter((e) => e.comment === 'heartbeat').length, { timeout: 5_000 }).toBeGreaterThan(1);
    } finally {
      live.close();
    }
  });
});

describe('the compression on its own (a bare Fastify app)', () => {
  const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}` })) };
  async function app() {
    const a = Fastify();
    await compression(a);
    a.get('/no-transform', async (_req, reply) => reply.header('cache-control', 'no-transform').send(big));
    // What a service that encodes its own answers sends through the proxy: passed on as it is, never encoded twice.
    a.get('/encoded', async (_req, reply) =>
      reply
        .type('application/json')
        .header('content-encoding', 'gzip')
        .send(gzipSync(JSON.stringify(big))),
    );
    a.get('/big', async () => big);
    await a.ready();
    return a;
  }

  it('leaves no-transform answers and answers encoded already alone', async () => {
    const a = await app();
    try {
      const headers = { 'accept-encoding': 'br, gzip' };
      const noTransform = await a.inject({ url: '/no-transform', headers });
      expect(noTransform.headers['content-encoding']).toBeUndefined();
      expect(noTransform.json()).toEqual(big);
      const encoded = await a.inject({ url: '/encoded', headers });
      expect(encoded.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(encoded.rawPayload).toString('utf8'))).toEqual(big);
      const plain = await a.inject({ url: '/big', headers });
      expect(plain.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(plain.rawPayload).toString('utf8'))).toEqual(big);
    } finally {
      await a.close();
    }
  });

  it('never decompresses a request body', async () => {
    const a = Fastify();
    await compression(a);
    a.post('/echo', async (req) => ({ type: typeof req.body }));
    try {
      const res = await a.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: gzipSync(JSON.stringify(big)),
      });
      expect(res.statusCode).toBe(400); // the gzip bytes are not JSON: they reached the parser as they came
    } finally {
      await a.close();
    }
  });
});

describe('COMPRESSION=off', () => {
  it('sends every answer as it is, whatever the client accepts', async () => {
    const main = await send(off.url, MAIN, { encoding: 'br, gzip' });
    expect(main.status).toBe(200);
    expect(main.headers['content-encoding']).toBeUndefined();
    expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(main.body.toString('utf8')).toBe(mainScript);
    const list = await send(off.url, '/api/customers', { cookie: cookieOf(client), encoding: 'br, gzip' });
    expect([list.status, list.headers['content-encoding']]).toEqual([200, undefined]);
    expect(list.body.length).toBeGreaterThan(2_000);
    const doc = await send(off.url, '/api/v1/openapi.json', { encoding: 'br' });
    expect([doc.status, doc.headers['content-encoding']]).toEqual([200, undefined]);
  });

  it('is a setting of the gateway: on by default, on or off', () => {
    const shape = configSchema.shape.COMPRESSION;
    expect(shape.parse(undefined)).toBe('on');
    expect(shape.parse('off')).toBe('off');
    expect(shape.safeParse('yes').success).toBe(false);
  });
});
