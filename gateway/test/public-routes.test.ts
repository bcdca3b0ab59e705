/**
 * Public routes (pay pages, provider webhooks) through a real gateway to a real service started with the kit:
 * no session, no identity, exact body bytes, per-IP limits (in memory, and shared through Redis), bounded bodies.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, createInternalTokenSigner, startService, type Bus, type RunningService } from '@billpoint/kit';
import { createTestDatabase, HttpClient, randomName, testEnv, TEST_TOKEN_KEY, type TestDatabase } from '@billpoint/kit/testing';
import { createGatewayService } from '../src/app.ts';
import { hooksEntry, hooksService, sign } from './support/webhook-service.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let db: TestDatabase;
let bus: Bus;
let hooks: RunningService;
const gateways: RunningService[] = [];
let gw: string;

/** A client address of its own per test (the gateway trusts X-Forwarded-For from 127.0.0.1). */
const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const startGateway = async (extra: Record<string, string> = {}) => {
  const g = await startService(createGatewayService([hooksEntry]), {
    env: testEnv(db, { HOOKS_URL: hooks.url, TRUST_PROXY: '127.0.0.1', WEB_DIST: '/nonexistent', ...extra }),
    bus,
  });
  gateways.push(g);
  return g.url;
};

beforeAll(async () => {
  db = await createTestDatabase();
  bus = await createBus({ name: 'test', namespace: randomName('t') });
  hooks = await startService(hooksService, { env: testEnv(db), bus });
  gw = await startGateway();
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  await hooks?.close();
  await bus?.close();
  await db?.drop();
});

const webhook = (base: string, body: string | Buffer, o: { ip?: string; signature?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${base}/api/webhooks/acme`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-acme-signature': o.signature ?? sign(body),
      'x-forwarded-for': o.ip ?? someIp(),
      ...o.headers,
    },
    body,
  });

describe('a public webhook', () => {
  it('reaches the service with the exact bytes, without a session or the CSRF header, so its signature verifies', async () => {
    // Spacing, key order, a non-ASCII character and a trailing newline: re-serialized JSON would not match.
    const body = Buffer.from('{ "type":"invoice.paid",  "amount": 12.50, "note": "café ✓" }\n', 'utf8');
    const res = await webhook(gw, body);
    expect(res.status).toBe(200);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ verified: true, bytes: body.length, body: { type: 'invoice.paid', note: 'café ✓' } });
    expect(json.identity).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const tampered = await webhook(gw, body, { signature: sign('{"type":"invoice.paid"}') });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: 400, message: 'Bad signature' });
  });

  it('never passes on identity: forged headers, a valid-looking internal token and a real session cookie are dropped', async () => {
    const user = new HttpClient(gw);
    await user.register();
    const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = createInternalTokenSigner(TEST_TOKEN_KEY)({
      tenantId: '00000000-0000-4000-8000-000000000001',
      userId: 'intruder',
      role: 'admin',
      scopes: [],
    });
    const forged = {
      cookie,
      authorization: 'Bearer whatever',
      'x-billpoint-internal-token': token,
      'x-tenant-id': '00000000-0000-4000-8000-000000000001',
      'x-user-id': 'intruder',
    };
    const res = await webhook(gw, '{"ok":true}', { headers: forged });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ identity: null, headers: [] });

    const page = await fetch(`${gw}/api/pay/tok_123`, { headers: { ...forged, 'x-forwarded-for': someIp() } });
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ token: 'tok_123', identity: null, headers: [] });
  });

  it('answers 429 with Retry-After and the JSON error body after the per-IP limit, while another IP goes on', async () => {
    const ip = someIp();
    for (let i = 0; i < 3; i++) expect((await webhook(gw, `{"n":${i}}`, { ip })).status).toBe(200);
    const limited = await webhook(gw, '{"n":3}', { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect((await webhook(gw, '{"n":4}', { ip: someIp() })).status).toBe(200);
  });

  it('refuses a body over its limit with 413, at the gateway and at the service itself', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(2_000) });
    const res = await webhook(gw, big);
    expect(res.status).toBe(413);
    // The gateway's own answer, naming the route's limit.
    expect(await res.json()).toMatchObject({ statusCode: 413, message: 'The request body is larger than 1 KiB' });
    // Straight to the service (as if the gateway were bypassed): the kit holds the same bound.
    const direct = await webhook(hooks.url, big);
    expect(direct.status).toBe(413);
    expect(await direct.json()).toMatchObject({ message: 'The request body is larger than 1 KiB' });
  });
});

describe('the rest of a service with public routes', () => {
  it('still needs a session on its other routes', async () => {
    expect((await fetch(`${gw}/api/hooks/me`)).status).toBe(401);
    const user = new HttpClient(gw);
    const me = await user.register();
    const res = await user.get('/api/hooks/me');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ tenantId: me.organization.id });
    // …and the service refuses it without the gateway's token.
    expect((await fetch(`${hooks.url}/api/hooks/me`)).status).toBe(401);
  });

  it('keeps the CSRF check on a public route meant for the browser', async () => {
    const ip = someIp();
    const bare = await fetch(`${gw}/api/pay/tok_9/confirm`, { method: 'POST', headers: { 'x-forwarded-for': ip } });
    expect(bare.status).toBe(403);
    const fromApp = await fetch(`${gw}/api/pay/tok_9/confirm`, {
      method: 'POST',
      headers: { 'x-forwarded-for': ip, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(fromApp.status).toBe(200);
    expect(await fromApp.json()).toEqual({ confirmed: 'tok_9' });
  });
});

describe('with REDIS_URL', () => {
  it('counts one IP across gateway replicas', async () => {
    const [a, b] = [await startGateway({ REDIS_URL }), await startGateway({ REDIS_URL })];
    const ip = someIp();
    expect((await webhook(a, '{"n":1}', { ip })).status).toBe(200);
    expect((await webhook(b, '{"n":2}', { ip })).status).toBe(200);
    expect((await webhook(a, '{"n":3}', { ip })).status).toBe(200);
    const limited = await webhook(b, '{"n":4}', { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('a service declaring a public route it does not register', () => {
  it('refuses to start, naming the route', async () => {
    const svc = await startService(
      { ...hooksService, publicRoutes: [...hooksEntry.public, { method: 'GET', path: '/api/pay/:token/receipt' }] },
      { env: testEnv(db), bus, listen: false },
    );
    try {
      await expect(svc.app.ready()).rejects.toThrow(
        'Public routes declared but not registered by the service: GET /api/pay/:token/receipt',
      );
    } finally {
      await svc.close();
    }
  });
});
