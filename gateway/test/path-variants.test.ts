/**
 * The gateway judges the path it routes: a path in any other spelling than its canonical one
 * — encoded letters, encoded or doubled slashes, dot segments, `;` parameters, backslashes, absolute-form — is
 * refused with 400 before any rule, so it can neither dodge the CSRF check, public-route matching, body and rate
 * limits and the public API's matcher, nor reach a service. Requests are sent byte for byte (node:http, which keeps
 * the request target as given; fetch would resolve dot segments and backslashes first).
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '@billpoint/kit';
import type { HttpClient } from '@billpoint/kit/testing';
import { PUBLIC_API_BASE, publicApiRoutes, type Customer, type Invoice } from '@billpoint/proto';
import { serviceRegistry } from '@billpoint/proto/services';
import { gatewayService } from '../src/app.ts';
import { startStack, type Stack } from './support/stack.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** One request with `target` exactly as written on the request line. */
function send(base: string, method: string, target: string, o: { headers?: Record<string, string>; body?: string | Buffer } = {}) {
  const { hostname, port } = new URL(base);
  // A length of its own: node:http neither chunks nor measures the body of a DELETE.
  const headers = { ...o.headers, ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}) };
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: hostname, port, method, path: target, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

const cookieOf = (c: HttpClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
/** What a cross-site page can make a browser send: the session cookie, no X-Requested-With, Sec-Fetch-Site: cross-site. */
const crossSite = (c: HttpClient, extra: Record<string, string> = {}) => ({
  cookie: cookieOf(c),
  'sec-fetch-site': 'cross-site',
  ...extra,
});

let stack: Stack;
let c: HttpClient;
/** Every request a service received (its raw HTTP server's view), while `watching`. */
const reached: string[] = [];
let watching = false;

beforeAll(async () => {
  stack = await startStack();
  for (const svc of Object.values(stack.services))
    svc.app.server.on('request', (req: { method?: string; url?: string }) => {
      if (watching) reached.push(`${svc.ctx.name}: ${req.method} ${req.url}`);
    });
  c = stack.client();
  await c.register();
});
afterAll(() => stack?.close());

async function makeCustomer() {
  const res = await c.post('/api/customers', { name: `Keep ${Math.random().toString(36).slice(2, 7)}`, email: 'keep@example.test' });
  expect(res.status).toBe(201);
  return res.json as Customer;
}
async function makeInvoice() {
  const customer = await makeCustomer();
  const res = await c.post('/api/invoices', {
    invoice: { customerId: customer.id, dueDate: '2030-01-31' },
    items: [{ description: 'Work', quantity: '1', rate: '10.00' }],
  });
  expect(res.status).toBe(201);
  return res.json as Invoice;
}
const secretOf = async (webhookId: number) =>
  (await stack.db.query<{ secret: string }>('select secret from integrations.webhooks where id = $1', [webhookId])).rows[0]!.secret;
const logoCount = async () => Number((await stack.db.query<{ n: string }>('select count(*) as n from billing.logos')).rows[0]!.n);

function multipartLogo() {
  const boundary = '----billpoint-test';
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.svg"\r\nContent-Type: image/svg+xml\r\n\r\n` +
    `${svg}\r\n--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('a cross-site request under /%61pi, /api spelled with a percent-encoded letter', () => {
  it('DELETE /%61pi/customers/{id} is refused with 400 and the customer stays', async () => {
    const customer = await makeCustomer();
    const res = await send(stack.url, 'DELETE', `/%61pi/customers/${customer.id}`, { headers: crossSite(c) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/^The request path is not in canonical form/),
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await c.get(`/api/customers/${customer.id}`)).json).toEqual(customer);
    // The canonical spelling of the same forged call is refused by the CSRF check, as it always was.
    expect((await send(stack.url, 'DELETE', `/api/customers/${customer.id}`, { headers: crossSite(c) })).status).toBe(403);
    expect((await c.get(`/api/customers/${customer.id}`)).status).toBe(200);
  });

  it('POST /%61pi/invoices/{id}/send with a text/plain body is refused and the invoice is not sent', async () => {
    const invoice = await makeInvoice();
    const res = await send(stack.url, 'POST', `/%61pi/invoices/${invoice.id}/send`, {
      headers: crossSite(c, { 'content-type': 'text/plain' }),
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect((await c.get(`/api/invoices/${invoice.id}`)).json.status).toBe(invoice.status);
  });

  it('POST /%61pi/upload-logo (multipart) is refused and no logo is stored', async () => {
    const before = await logoCount();
    const { body, contentType } = multipartLogo();
    const res = await send(stack.url, 'POST', '/%61pi/upload-logo', { headers: crossSite(c, { 'content-type': contentType }), body });
    expect(res.status).toBe(400);
    expect(await logoCount()).toBe(before);
    // The same upload from the app works.
    const ok = await send(stack.url, 'POST', '/api/upload-logo', {
      headers: { cookie: cookieOf(c), 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType },
      body,
    });
    expect(ok.status).toBe(201);
    expect(await logoCount()).toBe(before + 1);
  });

  it('POST /%61pi/integrations/webhooks/{id}/rotate-secret is refused and the secret stays', async () => {
    const created = await c.post('/api/integrations/webhooks', {
      name: 'Hook',
      url: 'https://hooks.example.com/x',
      events: ['customer.updated'],
    });
    expect(created.status).toBe(201);
    const id = created.json.webhook.id as number;
    const secret = await secretOf(id);
    const res = await send(stack.url, 'POST', `/%61pi/integrations/webhooks/${id}/rotate-secret`, {
      headers: crossSite(c, { 'content-type': 'text/plain' }),
      body: '',
    });
    expect(res.status).toBe(400);
    expect(await secretOf(id)).toBe(secret);
  });

  it('POST /%61pi/auth/login (login CSRF) is refused and no session is given', async () => {
    const email = `victim-${Math.random().toString(36).slice(2, 8)}@example.test`;
    await stack.client().register({ email });
    const res = await send(stack.url, 'POST', '/%61pi/auth/login', {
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

/** Every (method, concrete path) the gateway answers for: its own routes, the services' routes, the /api/v1 endpoints. */
function routeWalk(): { method: string; path: string }[] {
  const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');
  const skip = (url: string) => url === '/healthz' || url === '/readyz';
  const out = new Map<string, { method: string; path: string }>();
  const add = (method: string, path: string) => out.set(`${method} ${path}`, { method, path });
  for (const r of stack.gateway.app.routeTable) if (!r.implicitHead && !r.url.includes('*') && !skip(r.url)) add(r.method, concrete(r.url));
  for (const svc of Object.values(stack.services))
    for (const r of svc.app.routeTable) if (!r.implicitHead && !skip(r.url)) add(r.method, concrete(r.url));
  for (const r of publicApiRoutes) add(r.method, concrete(`${PUBLIC_API_BASE}${r.path}`));
  return [...out.values()];
}

/**
 * The spellings of `path` a rule could read differently from the router, with what the gateway must answer: 400
 * (not canonical), or 404 (canonical, but no route: case and a trailing dot are significant, for the router and the
 * rules alike — a cross-site mutation under /api/ gets the CSRF check's 403 first).
 */
function variants(path: string): { kind: string; target: string; status: 400 | 404 }[] {
  const segs = path.split('/').slice(1);
  const at = (i: number, f: (s: string) => string) => '/' + segs.map((s, j) => (j === i ? f(s) : s)).join('/');
  const rest = segs.slice(1).join('/');
  const encodeLetter = (s: string, lower = false) => {
    const i = s.search(/[a-z]/i);
    if (i < 0) return undefined;
    const hex = s.charCodeAt(i).toString(16);
    return `${s.slice(0, i)}%${lower ? hex : hex.toUpperCase()}${s.slice(i + 1)}`;
  };
  const out: { kind: string; target: string; status: 400 | 404 }[] = [];
  const v = (kind: string, target: string | undefined, status: 400 | 404 = 400) => target && out.push({ kind, target, status });
  for (const i of new Set([0, 1, segs.length - 1])) {
    const e = segs[i] && encodeLetter(segs[i]);
    if (e)
      v(
        `encoded letter in segment ${i}`,
        at(i, () => e),
      );
  }
  v('encoded letter, lower-case hex', segs[1] && encodeLetter(segs[1], true) ? at(1, (s) => encodeLetter(s, true)!) : undefined);
  v('encoded digit', /\d/.test(path) ? path.replace(/\d/, (d) => `%3${d}`) : undefined);
  v('double encoding', `/%2561${path.slice(2)}`);
  if (rest) {
    v('encoded slash', `/${segs[0]}%2F${rest}`);
    v('encoded slash, lower-case', `/${segs[0]}%2f${rest}`);
    v('encoded backslash', `/${segs[0]}%5C${rest}`);
    v('backslash', `/${segs[0]}\\${rest}`);
    v('dot segment', `/${segs[0]}/./${rest}`);
    v('dot-dot segment', `/${segs[0]}/x/../${rest}`);
    v('encoded dot segment', `/${segs[0]}/%2E/${rest}`);
    v('encoded dot-dot segment', `/${segs[0]}/x/%2e%2e/${rest}`);
    v('double slash inside', `/${segs[0]}//${rest}`);
    v('; parameter on the first segment', `/${segs[0]};x=1/${rest}`);
    v('trailing dot on the first segment', `/${segs[0]}./${rest}`, 404);
    v('upper-case first segment', `/${segs[0]!.toUpperCase()}/${rest}`, 404);
    v('NUL in the first segment', `/${segs[0]}%00/${rest}`);
  }
  v('leading dot-dot', `/x/..${path}`);
  v('leading double slash', `/${path}`);
  v('trailing dot-dot', `${path}/..`);
  v('trailing dot segment', `${path}/.`);
  v('; parameter at the end', `${path};jsessionid=1`);
  v('encoded NUL at the end', `${path}%00`);
  v('encoded newline at the end', `${path}%0A`);
  v('absolute-form', `http://localhost${path}`);
  v('invalid percent-encoding', `${path}%zz`);
  v('percent-encoding that is not UTF-8', `${path}%C3`);
  if (segs[1]) {
    v(
      'trailing dot on the prefix',
      at(1, (s) => `${s}.`),
      404,
    );
    if (/[a-z]/.test(segs[1]))
      v(
        'upper-case prefix',
        at(1, (s) => s.toUpperCase()),
        404,
      );
  }
  return out;
}

/** A digest of every table's rows but the session's last-seen times (which a canonical GET moves). */
async function dataDigest() {
  const tables = (
    await stack.db.query<{ t: string }>(
      `select format('%I.%I', table_schema, table_name) as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows.map((r) => r.t);
  const digest: Record<string, string> = {};
  for (const t of tables) {
    if (t === 'gateway.sessions') continue;
    const { rows } = await stack.db.query<{ h: string }>(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${t} x`,
    );
    digest[t] = rows[0]!.h;
  }
  return digest;
}

/** Runs `fn` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * The digest once the events of the setup have been relayed (no outbox holds an unpublished row) and consumed (two
 * digests in a row agree): a consumer still at work would otherwise pass for a change made by a refused request.
 */
async function settledDigest() {
  const outboxes = (
    await stack.db.query<{ t: string }>(
      `select format('%I.%I', table_schema, table_name) as t from information_schema.tables where table_name = 'outbox'`,
    )
  ).rows.map((r) => r.t);
  const unpublished = async () =>
    (
      await Promise.all(
        outboxes.map(async (t) =>
          Number((await stack.db.query<{ n: string }>(`select count(*) as n from ${t} where published_at is null`)).rows[0]!.n),
        ),
      )
    ).reduce((a, b) => a + b, 0);
  const deadline = Date.now() + 20_000;
  let last = await dataDigest();
  for (;;) {
    if (Date.now() > deadline) throw new Error('the data did not settle within 20 s');
    if ((await unpublished()) > 0) {
      await new Promise((r) => setTimeout(r, 20)); // the pace of the poll
      continue;
    }
    const next = await dataDigest();
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
}

describe("the gateway's router", () => {
  it('reads a canonical path as the rules do', () => {
    const config = stack.gateway.app.initialConfig as Record<string, unknown> & { routerOptions?: Record<string, unknown> };
    const router = { ...config, ...config.routerOptions };
    expect({
      // The rules' `/api/` tests are case-sensitive: a case-insensitive router would route /API/customers past them.
      caseSensitive: router.caseSensitive ?? true,
      // One trailing slash is canonical because the router takes it for the same route (the same rules, limits, counters).
      ignoreTrailingSlash: router.ignoreTrailingSlash,
      // Refused before routing anyway (canonical-path.ts); stated so that a change here is a decision, not an accident.
      ignoreDuplicateSlashes: router.ignoreDuplicateSlashes ?? false,
      useSemicolonDelimiter: router.useSemicolonDelimiter ?? false,
    }).toEqual({ caseSensitive: true, ignoreTrailingSlash: true, ignoreDuplicateSlashes: false, useSemicolonDelimiter: false });
  });
});

describe('every route of the route table, in every non-canonical spelling', () => {
  it('is refused (400) or not routed (404), never reaches a service, and changes nothing', async () => {
    const routes = routeWalk();
    // The registry's prefixes and public routes are all in the walk (the services' route tables hold them).
    for (const s of serviceRegistry) {
      for (const prefix of s.prefixes)
        expect(
          routes.some((r) => r.path.startsWith(prefix)),
          prefix,
        ).toBe(true);
      for (const p of s.public ?? [])
        expect(
          routes.some((r) => r.method === p.method),
          `${p.method} ${p.path ?? p.prefix}`,
        ).toBe(true);
    }
    expect(routes.length).toBeGreaterThan(100);
    await makeInvoice(); // data for a mutation to change, were one to get through
    const before = await settledDigest();

    const cases = routes.flatMap((r) => variants(r.path).map((v) => ({ ...v, method: r.method })));
    const wrong: string[] = [];
    watching = true;
    try {
      await pool(cases, 8, async ({ method, target, status, kind }) => {
        const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
        const res = await send(stack.url, method, target, {
          headers: crossSite(c, hasBody ? { 'content-type': 'text/plain' } : {}),
          ...(hasBody ? { body: '{}' } : {}),
        }).catch((err: Error) => ({ status: 0, text: err.message, json: undefined }));
        const expected = status === 404 && hasBody && target.startsWith('/api/') ? 403 : status;
        if (res.status !== expected) wrong.push(`${method} ${target} (${kind}): ${res.status} ${res.text.slice(0, 120)}`);
        // Ours, or the router's own for a path it cannot decode at all (Fastify's FST_ERR_BAD_URL, before any hook).
        else if (
          status === 400 &&
          method !== 'HEAD' &&
          !/^The request path is not in canonical form|is not a valid url component$/.test(res.json?.message ?? '')
        )
          wrong.push(`${method} ${target} (${kind}): 400 for another reason: ${res.text.slice(0, 120)}`);
      });
    } finally {
      watching = false;
    }
    console.info(`${cases.length} non-canonical requests over ${routes.length} routes`);
    expect.soft(wrong.slice(0, 30).join('\n'), `${wrong.length} wrong answers`).toBe('');
    expect.soft(reached.slice(0, 30).join('\n'), `${reached.length} requests reached a service`).toBe('');
    expect(await dataDigest()).toEqual(before);
  }, 180_000);
});

describe('canonical requests keep working', () => {
  it('a query string keeps its percent-encoding; a trailing slash reaches the same route', async () => {
    const customer = await makeCustomer();
    const app = { cookie: cookieOf(c), 'x-requested-with': 'XMLHttpRequest' };
    const search = await send(stack.url, 'GET', `/api/customers?search=${encodeURIComponent(`${customer.name} ' or 1=1 --`)}`, {
      headers: app,
    });
    expect(search.status).toBe(200);
    const byName = await send(stack.url, 'GET', `/api/customers?search=${encodeURIComponent(customer.name).replace(/%20/g, '+')}`, {
      headers: app,
    });
    expect(byName.status).toBe(200);
    expect(JSON.stringify(byName.json)).toContain(customer.name);
    expect((await send(stack.url, 'GET', `/api/customers/${customer.id}/`, { headers: app })).json).toEqual(customer);
  });

  it('a public token and a logo key (base64url) are canonical as they are', async () => {
    const { body, contentType } = multipartLogo();
    const up = await send(stack.url, 'POST', '/api/upload-logo', {
      headers: { cookie: cookieOf(c), 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType },
      body,
    });
    expect(up.status).toBe(201);
    const logo = await send(stack.url, 'GET', new URL(up.json.url, stack.url).pathname);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const invoice = await makeInvoice();
    expect((await c.post(`/api/invoices/${invoice.id}/send`)).status).toBe(200); // a draft has no pay page
    const token = (await stack.db.query<{ t: string }>('select public_token as t from billing.invoices where id = $1', [invoice.id]))
      .rows[0]!.t;
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await send(stack.url, 'GET', `/api/invoices/${token}/public`)).status).toBe(200);
  });
});

describe('a public route rate limit', () => {
  it('counts every spelling that reaches the route, and refuses the others before counting', async () => {
    // POST /api/create-payment-intent: 20 a minute per IP (this gateway sees every client as 127.0.0.1).
    const call = (target: string) =>
      send(stack.url, 'POST', target, {
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: '{}',
      });
    let n = 0;
    while ((await call('/api/create-payment-intent')).status !== 429) expect(++n).toBeLessThanOrEqual(20);
    expect(n).toBeGreaterThan(0);
    for (const v of variants('/api/create-payment-intent')) {
      const res = await call(v.target);
      expect(res.status, `${v.kind}: ${v.target}`).toBe(v.status);
    }
    // The one other spelling the router takes for the same route (a trailing slash) shares its counter.
    expect((await call('/api/create-payment-intent/')).status).toBe(429);
  });
});

describe('the SPA', () => {
  let web: RunningService | undefined;
  let dist: string;
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('still serves its history fallback for canonical paths, and refuses the others', async () => {
    dist = mkdtempSync(join(tmpdir(), 'bp-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Billpoint</title>');
    web = await startService(gatewayService, { env: { ...stack.gatewayEnv, WEB_DIST: dist }, bus: stack.bus });
    for (const path of ['/', '/invoices/5/edit', '/customers/12/view', '/payment/success?invoice=a%2Fb', '/caf%C3%A9']) {
      const res = await send(web.url, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('<title>Billpoint</title>');
    }
    const pay = await send(web.url, 'GET', '/pay/tok_123');
    expect(pay.status).toBe(200);
    expect(pay.headers['content-security-policy']).toContain('https://js.stripe.com');
    // Before: /%70ay/… was served as the SPA, but without the pay page's CSP.
    for (const path of ['/%70ay/tok_123', '/invoices//5', '/invoices/./5', '/invoices\\5', '//evil.example/x']) {
      expect((await send(web.url, 'GET', path)).status, path).toBe(400);
    }
  });
});
