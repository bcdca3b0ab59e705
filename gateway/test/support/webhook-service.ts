/**
 * A test-only service with public routes, started with the kit like any other: a provider webhook that checks
 * an HMAC over the raw body, a pay page, a public POST that keeps the CSRF check, and a signed-in route.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { baseConfigShape, Invalid, type ServiceDefinition } from '@billpoint/kit';
import type { ServiceEntry } from '@billpoint/proto/services';

export const WEBHOOK_SECRET = 'whsec_test_0123456789';
export const sign = (body: Buffer | string) => createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');

export const hooksEntry = {
  name: 'hooks',
  port: 8099,
  prefixes: ['/api/hooks'],
  public: [
    { method: 'POST', path: '/api/webhooks/acme', csrf: false, rateLimit: { max: 3, windowSeconds: 60 }, bodyLimit: 1024 },
    { method: 'GET', path: '/api/pay/:token' },
    { method: 'POST', path: '/api/pay/:token/confirm' },
  ],
} satisfies ServiceEntry;

/** What the service saw of a request (so tests can assert what reached it). */
const seen = (req: { identity: unknown; headers: Record<string, unknown> }) => ({
  identity: req.identity,
  headers: Object.keys(req.headers).filter((h) => /^(cookie|authorization|x-billpoint-|x-tenant|x-user)/.test(h)),
});

const configSchema = z.object({ ...baseConfigShape, PORT: z.coerce.number().default(hooksEntry.port) });

export const hooksService = {
  name: 'hooks',
  schema: 'hooks',
  configSchema,
  entities: [],
  migrations: [],
  publicRoutes: hooksEntry.public,
  routes(app) {
    app.post('/api/webhooks/acme', async (req) => {
      const given = Buffer.from(String(req.headers['x-acme-signature'] ?? ''), 'hex');
      const expected = Buffer.from(sign(req.rawBody!), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Invalid('Bad signature');
      return { verified: true, bytes: req.rawBody!.length, body: req.body, ...seen(req) };
    });
    app.get<{ Params: { token: string } }>('/api/pay/:token', async (req) => ({ token: req.params.token, ...seen(req) }));
    app.post<{ Params: { token: string } }>('/api/pay/:token/confirm', async (req) => ({ confirmed: req.params.token }));
    app.get('/api/hooks/me', { config: { permission: 'member' } }, async (req) => ({ tenantId: req.identity.tenantId }));
  },
} satisfies ServiceDefinition<typeof configSchema>;
