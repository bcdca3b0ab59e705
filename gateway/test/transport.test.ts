/**
 * HTTP as real clients speak it, through the gateway: `Expect: 100-continue` (curl sends it
 * for bodies over 1 MB), bodies over a route's limit whatever their framing, HEAD against the rate limits, and
 * the methods the gateway does not serve. Never a 5xx.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyCreated } from '@billpoint/proto';
import type { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';
import { chunk, LAST_CHUNK, rawRequest, type RawRequest } from './support/raw-http.ts';

let stack: Stack;
let c: HttpClient;
let tenantId: string;
let dir: string;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
  c = stack.client();
  tenantId = (await c.register()).organization.id;
  dir = mkdtempSync(join(tmpdir(), 'bp-transport-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stack?.close();
});

const MiB = 1024 * 1024;
const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A file of `size` bytes that starts like `head` (the services know a file by its first bytes). */
const fileOf = (head: Buffer, size: number) => {
  const b = Buffer.alloc(size, 0x20);
  head.copy(b);
  return b;
};
const multipart = (field: string, filename: string, type: string, bytes: Buffer) => {
  const boundary = `----bp${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};
const session = (): [string, string][] => [
  ['Cookie', [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')],
  ['X-Requested-With', 'XMLHttpRequest'],
];
/** As curl sends a body: Content-Length, `Expect: 100-continue`, the body only after 100 (or 1 s). */
const curlLike = (method: string, path: string, body: Buffer, contentType: string, extra: Partial<RawRequest> = {}) =>
  rawRequest(stack.url, {
    line: `${method} ${path} HTTP/1.1`,
    headers: [...session(), ['Content-Type', contentType], ['Content-Length', String(body.length)], ['Expect', '100-continue']],
    body,
    waitForContinue: true,
    timeoutMs: 30_000,
    ...extra,
  });
const chunked = (path: string, body: Buffer, contentType = 'application/json', headers: [string, string][] = session()) =>
  rawRequest(stack.url, {
    line: `POST ${path} HTTP/1.1`,
    headers: [...headers, ['Content-Type', contentType], ['Transfer-Encoding', 'chunked']],
    // In 64 KiB chunks, as a streaming client sends them.
    body: [
      ...Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => chunk(body.subarray(i * 65536, (i + 1) * 65536))),
      LAST_CHUNK,
    ],
    timeoutMs: 30_000,
  });
const rows = async (sql: string) => Number((await stack.db.query<{ n: string }>(sql, [tenantId])).rows[0]!.n);
const expenses = () => rows('select count(*) as n from tax.expenses where tenant_id = $1');
const files = async () =>
  (await rows('select count(*) as n from tax.files where tenant_id = $1')) +
  (await rows('select count(*) as n from billing.files where tenant_id = $1'));

describe('Expect: 100-continue (finding 3)', () => {
  it('works on every kind of route: a signed-in read and write, the public invoice read', async () => {
    const read = await rawRequest(stack.url, { line: 'GET /api/customers HTTP/1.1', headers: [...session(), ['Expect', '100-continue']] });
    expect([read.status, read.body]).toEqual([200, '[]']);
    const body = Buffer.from(JSON.stringify({ name: 'Expect Ltd', email: 'e@x.test' }));
    const made = await curlLike('POST', '/api/customers', body, 'application/json');
    expect([made.interim, made.status, made.json?.name]).toEqual([[100], 201, 'Expect Ltd']);
    const pub = await rawRequest(stack.url, {
      line: 'GET /api/invoices/no-such-token-0123456789/public HTTP/1.1',
      headers: [['Expect', '100-continue']],
    });
    expect([pub.status, pub.json?.statusCode]).toEqual([404, 404]);
  });

  it('takes a 1.5 MB receipt sent as curl sends it, and answers a 6 MB logo with the documented 413', async () => {
    const receipt = multipart('receipt', 'scan.pdf', 'application/pdf', fileOf(TINY_PDF, 1.5 * 1e6));
    const up = await curlLike('POST', '/api/expenses/receipts', receipt.body, receipt.contentType);
    expect([up.interim, up.status, up.json?.size], up.raw).toEqual([[100], 201, 1.5 * 1e6]);

    const before = await files();
    const logo = multipart('logo', 'logo.png', 'image/png', fileOf(PNG_SIGNATURE, 6 * 1e6));
    const big = await curlLike('POST', '/api/upload-logo', logo.body, logo.contentType);
    expect([big.status, big.json?.message], big.raw).toEqual([413, expect.stringMatching(/at most 5 MB/)]);
    expect(await files()).toBe(before);
  });

  it('refuses a declared body over the route limit with 413 before 100: the body is never sent', async () => {
    const logo = multipart('logo', 'logo.png', 'image/png', fileOf(PNG_SIGNATURE, 9 * MiB));
    const res = await curlLike('POST', '/api/upload-logo', logo.body, logo.contentType, { continueWaitMs: 10_000 });
    expect([res.interim, res.status, res.json?.message]).toEqual([[], 413, expect.stringMatching(/larger than 8 MiB/)]);
  });

  it('works with curl itself (it sends Expect for bodies over 1 MB)', async () => {
    if (!existsSync('/usr/bin/curl')) throw new Error('curl is not installed at /usr/bin/curl');
    const run = promisify(execFile);
    const cookie = session()[0]![1];
    const curl = async (path: string, form: string) => {
      const { stdout } = await run('/usr/bin/curl', [
        ...['-sS', '-o', '-', '-w', '\n%{http_code}', '-b', cookie, '-H', 'X-Requested-With: XMLHttpRequest', '-F', form],
        `${stack.url}${path}`,
      ]);
      const lines = stdout.trim().split('\n');
      return { status: Number(lines.pop()), body: lines.join('\n') };
    };
    writeFileSync(join(dir, 'scan.pdf'), fileOf(TINY_PDF, 1.5 * 1e6));
    writeFileSync(join(dir, 'logo.png'), fileOf(PNG_SIGNATURE, 6 * 1e6));
    const receipt = await curl('/api/expenses/receipts', `receipt=@${join(dir, 'scan.pdf')};type=application/pdf`);
    expect(receipt.status, receipt.body).toBe(201);
    const logo = await curl('/api/upload-logo', `logo=@${join(dir, 'logo.png')};type=image/png`);
    expect([logo.status, JSON.parse(logo.body).message]).toEqual([413, expect.stringMatching(/at most 5 MB/)]);
  });
});

describe('bodies over the route limit: 413 at the gateway, whatever the framing (finding 4)', () => {
  const json3MB = Buffer.from(JSON.stringify({ description: 'x'.repeat(3 * 1e6), amount: '1.00' }));

  it.each(['/api/customers', '/api/expenses', '/api/invoices'])(
    '%s: 3 MB of JSON, chunked or with a Content-Length → 413 naming 2 MiB',
    async (path) => {
      const before = await expenses();
      for (const res of [
        await chunked(path, json3MB),
        await rawRequest(stack.url, {
          line: `POST ${path} HTTP/1.1`,
          headers: [...session(), ['Content-Type', 'application/json'], ['Content-Length', String(json3MB.length)]],
          body: json3MB,
          timeoutMs: 30_000,
        }),
      ]) {
        expect([res.status, res.json?.message], res.raw).toEqual([413, expect.stringMatching(/larger than 2 MiB/)]);
      }
      expect(await expenses()).toBe(before);
    },
  );

  it('an upload route under its limit: 3 MB of JSON reaches the service, which reads it all and answers 400 (never a dropped connection)', async () => {
    for (const [path, field] of [
      ['/api/upload-logo', 'logo'],
      ['/api/expenses/receipts', 'receipt'],
    ]) {
      const res = await rawRequest(stack.url, {
        line: `POST ${path} HTTP/1.1`,
        headers: [...session(), ['Content-Type', 'application/json'], ['Content-Length', String(json3MB.length)]],
        body: json3MB,
        timeoutMs: 30_000,
      });
      expect([res.status, res.json?.issues?.[0]?.path], res.raw).toEqual([400, field]);
    }
  });

  it('an upload route: chunked past its own limit (8 MiB for a logo, 24 MiB for a receipt) → 413, nothing stored', async () => {
    const before = await files();
    const logo = multipart('logo', 'logo.png', 'image/png', fileOf(PNG_SIGNATURE, 9 * MiB));
    const a = await chunked('/api/upload-logo', logo.body, logo.contentType);
    expect([a.status, a.json?.message], a.raw).toEqual([413, expect.stringMatching(/larger than 8 MiB/)]);
    const receipt = multipart('receipt', 'scan.pdf', 'application/pdf', fileOf(TINY_PDF, 25 * MiB));
    const b = await chunked('/api/expenses/receipts', receipt.body, receipt.contentType);
    expect([b.status, b.json?.message], b.raw).toEqual([413, expect.stringMatching(/larger than 24 MiB/)]);
    expect(await files()).toBe(before);
    // Under the limit, chunked, it is the service's answer: a 1 MB receipt is stored.
    const ok = multipart('receipt', 'scan.pdf', 'application/pdf', fileOf(TINY_PDF, 1e6));
    const c1 = await chunked('/api/expenses/receipts', ok.body, ok.contentType);
    expect(c1.status, c1.raw).toBe(201);
  });

  it('a public route and the public API: chunked past their limits → 413 naming it', async () => {
    const pay = await chunked('/api/create-payment-intent', Buffer.alloc(200 * 1024, 0x20), 'application/json', [
      ['X-Requested-With', 'x'],
    ]);
    expect([pay.status, pay.json?.message], pay.raw).toEqual([413, expect.stringMatching(/larger than 64 KiB/)]);
    const key = await c.post('/api/integrations/api-keys', { name: 'Big bodies', permissions: ['*'] });
    const auth: [string, string] = ['Authorization', `Bearer ${ApiKeyCreated.parse(key.json).actualKey}`];
    const v1 = await chunked('/api/v1/customers', Buffer.alloc(2 * MiB, 0x20), 'application/json', [auth]);
    expect([v1.status, v1.json?.message], v1.raw).toEqual([413, expect.stringMatching(/larger than 1 MiB/)]);
  });
});

describe('HEAD shares GET’s allowance (finding 5)', () => {
  it('an API key limited to 3 calls: HEAD after 3 GETs is 429, and GET after 3 HEADs', async () => {
    const makeKey = async () => {
      const r = await c.post('/api/integrations/api-keys', { name: 'Limited', permissions: ['*'], rateLimit: 3 });
      expect(r.status, r.text).toBe(201);
      return ApiKeyCreated.parse(r.json).actualKey;
    };
    const call = (method: string, key: string) =>
      fetch(`${stack.url}/api/v1/customers`, { method, headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
    const k1 = await makeKey();
    const a = [];
    for (const m of ['GET', 'GET', 'GET', 'HEAD', 'HEAD', 'GET']) a.push(await call(m, k1));
    expect(a).toEqual([200, 200, 200, 429, 429, 429]);
    const k2 = await makeKey();
    const b = [];
    for (const m of ['HEAD', 'HEAD', 'HEAD', 'GET', 'HEAD']) b.push(await call(m, k2));
    expect(b).toEqual([200, 200, 200, 429, 429]);
  });

  it('the pay page’s per-IP limit (60 a minute): GETs and HEADs together get 60, then both are 429', async () => {
    const url = `${stack.url}/api/invoices/no-such-token-0123456789/public`;
    const passed: string[] = [];
    let limited: Record<string, number> = {};
    for (let i = 0; i < 130 && !(limited.GET && limited.HEAD); i++) {
      const method = i % 2 ? 'HEAD' : 'GET';
      const status = (await fetch(url, { method })).status;
      expect(status).toBeLessThan(500);
      if (status === 429) limited = { ...limited, [method]: (limited[method] ?? 0) + 1 };
      else passed.push(method);
    }
    expect(limited.GET && limited.HEAD).toBeTruthy();
    expect(passed.length).toBeLessThanOrEqual(60);
  });
});

describe('methods the gateway does not serve', () => {
  it('TRACE and CONNECT → 405 with Allow; OPTIONS and unknown methods → 404 — the JSON error body, never a 5xx', async () => {
    for (const line of ['TRACE /api/customers HTTP/1.1', 'TRACE / HTTP/1.1', 'CONNECT 127.0.0.1:5432 HTTP/1.1']) {
      const res = await rawRequest(stack.url, { line, headers: session() });
      expect([res.status, res.headers.allow, res.json?.statusCode], line).toEqual([405, 'GET, HEAD, POST, PUT, PATCH, DELETE', 405]);
    }
    for (const line of ['OPTIONS /api/customers HTTP/1.1', 'OPTIONS /api/v1/customers HTTP/1.1', 'PROPFIND /api/customers HTTP/1.1']) {
      const res = await rawRequest(stack.url, { line, headers: session() });
      expect([res.status, res.json?.statusCode], line).toEqual([404, 404]);
    }
  });
});
