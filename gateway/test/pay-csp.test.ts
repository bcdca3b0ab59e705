import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, PAY_PAGE_SOURCES, securityHeaders } from '../src/modules/web/security.ts';
import { notFound, webRoutes } from '../src/modules/web/web.routes.ts';

/** The CSP as a map of directive → sources. */
const parse = (csp: string | undefined) =>
  new Map(
    (csp ?? '').split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );

/** Today's policy of every page but the pay pages (unchanged by them). */
const APP_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;font-src 'self' data:;" +
  "connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'";

let app: FastifyInstance;
let dist: string;
beforeAll(async () => {
  // The SPA as the gateway serves it: a built index.html, history fallback for client routes.
  dist = mkdtempSync(join(tmpdir(), 'bp-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  app = Fastify();
  securityHeaders(app, false);
  app.get('/api/ping', async () => ({ ok: true }));
  const built = await webRoutes(app, dist, { preCompressed: false });
  app.setNotFoundHandler(notFound(() => built));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('content security policy of the pay pages', () => {
  it.each(['/pay/tok_abc', '/payment/tok_abc', '/payment/success?invoice=tok_abc&redirect_status=succeeded'])(
    '%s allows exactly Stripe.js and PayPal’s SDK on top of the app policy',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      const csp = parse(res.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://*.paypal.com',
        'https://*.paypalobjects.com',
      ]);
      expect(csp.get('frame-src')).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
        'https://*.paypal.com',
        'https://*.paypalobjects.com',
      ]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
      // Everything else as on every other page: no inline script, no plugins, no framing of the pay page itself.
      const app = parse(APP_CSP);
      for (const name of ['default-src', 'style-src', 'img-src', 'font-src', 'object-src', 'base-uri', 'frame-ancestors', 'form-action'])
        expect(csp.get(name), name).toEqual(app.get(name));
      expect([...csp.keys()].sort()).toEqual([...app.keys(), 'frame-src'].sort());
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it('keeps the app policy everywhere else: the SPA, look-alike paths, and the API', async () => {
    for (const url of ['/', '/invoices/3', '/payments', '/pay', '/paypal/x', '/api/ping', '/api/pay/x']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
    }
    const providers = Object.values(PAY_PAGE_SOURCES).flat();
    const app = (await get('/invoices')).headers['content-security-policy'] as string;
    for (const source of providers) expect(app).not.toContain(source.replace('https://', ''));
  });

  it('adds upgrade-insecure-requests to both policies behind https', async () => {
    const secure = Fastify();
    securityHeaders(secure, true);
    secure.get('/*', async () => 'page');
    const [page, pay] = await Promise.all([secure.inject('/invoices'), secure.inject('/pay/tok')]);
    expect(page.headers['content-security-policy']).toBe(`${APP_CSP};upgrade-insecure-requests`);
    expect(pay.headers['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    expect(pay.headers['content-security-policy']).toContain('https://js.stripe.com');
    await secure.close();
  });
});

describe('the precomputed security headers', () => {
  it.each([false, true])('are exactly what @fastify/helmet sets for the same options (https: %s)', async (https) => {
    const headersOf = async (register: (a: FastifyInstance) => PromiseLike<unknown> | void) => {
      const a = Fastify();
      await register(a);
      a.get('/page', async () => 'page');
      const res = await a.inject('/page');
      await a.close();
      return Object.fromEntries(
        Object.entries(res.headers).filter(([k]) => !['date', 'connection', 'content-length', 'content-type'].includes(k)),
      );
    };
    const ours = await headersOf((a) => securityHeaders(a, https));
    expect(ours).toEqual(await headersOf((a) => a.register(helmet, helmetOptions(https))));
    expect(ours['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('are left to the route on routes declaring helmet.skipRoute (they set the API set themselves)', async () => {
    const a = Fastify();
    securityHeaders(a, false);
    a.get('/api/x', { config: { helmet: { skipRoute: true } } }, async (_req, reply) => reply.header('x-frame-options', 'DENY').send({}));
    const res = await a.inject('/api/x');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBeUndefined();
    await a.close();
  });
});
