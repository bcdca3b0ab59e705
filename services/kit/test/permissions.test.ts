import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { permissionMessage, portalUserId, type Role } from '@billpoint/proto';
import {
  baseConfigShape,
  buildServiceApp,
  createInternalTokenSigner,
  createLogger,
  INTERNAL_TOKEN_HEADER,
  portalCustomerId,
  type ServiceContext,
  type ServiceDefinition,
} from '../src/index.ts';
import { TEST_TOKEN_KEY } from './support/index.ts';

const configSchema = z.object({ ...baseConfigShape });
const T = '11111111-1111-4111-8111-111111111111';
const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
const as = (role: Role) => ({ [INTERNAL_TOKEN_HEADER]: sign({ tenantId: T, userId: 'u', role, scopes: [] }) });

/** A service of these routes, built without a database (the permission check needs none). */
async function serviceOf(routes: (app: FastifyInstance) => void, publicRoutes: ServiceDefinition['publicRoutes'] = []) {
  const def = { name: 'permtest', schema: 'permtest', configSchema, entities: [], migrations: [], publicRoutes, routes };
  const ctx = { name: 'permtest', config: { INTERNAL_TOKEN_KEY: TEST_TOKEN_KEY }, logger: createLogger('permtest', 'silent') };
  return buildServiceApp(def satisfies ServiceDefinition<typeof configSchema>, ctx as unknown as ServiceContext);
}

describe('route permissions', () => {
  it('refuses a role without the route’s permission with a 403 naming it, before the handler', async () => {
    let handled = 0;
    const app = await serviceOf((app) => {
      app.delete('/api/things/:id', { config: { permission: 'invoices.delete' } }, async () => ({ deleted: ++handled }));
      app.get('/api/things', { config: { permission: 'invoices.read' } }, async () => []);
      app.get('/api/me', { config: { permission: 'member' } }, async (req) => ({ role: req.identity.role }));
    });
    await app.ready();
    const del = (role: Role) => app.inject({ method: 'DELETE', url: '/api/things/1', headers: as(role) });

    const refused = await del('user');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Your role (user) does not have the permission invoices.delete',
      permission: 'invoices.delete',
    });
    expect(handled).toBe(0);
    expect((await del('manager')).statusCode).toBe(200);
    expect((await del('admin')).statusCode).toBe(200);
    expect(handled).toBe(2);
    expect((await app.inject({ method: 'GET', url: '/api/things', headers: as('user') })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: as('user') })).json()).toEqual({ role: 'user' });
    // No internal token: 401 as before, whatever the route's permission.
    expect((await app.inject({ method: 'DELETE', url: '/api/things/1' })).statusCode).toBe(401);
    expect(permissionMessage('manager', 'plan.manage')).toBe('Your role (manager) does not have the permission plan.manage');
    await app.close();
  });

  it('admits only portal sessions on portal routes, and a portal session on nothing else', async () => {
    const app = await serviceOf((app) => {
      app.get('/api/portal/invoices', { config: { permission: 'portal' } }, async (req) => ({
        customerId: portalCustomerId(req.identity),
      }));
      app.get('/api/things', { config: { permission: 'invoices.read' } }, async () => []);
      app.get('/api/me', { config: { permission: 'member' } }, async () => ({}));
    });
    await app.ready();
    const portal = { [INTERNAL_TOKEN_HEADER]: sign({ tenantId: T, userId: portalUserId(42), role: 'admin', scopes: ['*'] }) };
    const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
    expect((await get('/api/portal/invoices', portal)).json()).toEqual({ customerId: 42 });
    for (const role of ['user', 'manager', 'admin'] as const) {
      const staff = await get('/api/portal/invoices', as(role));
      expect(staff.statusCode).toBe(403);
      expect(staff.json().message).toBe('This route is for a customer signed in to the portal');
    }
    // Whatever role or scopes a portal token claims, it reaches no staff route, not even a `member` one.
    for (const url of ['/api/things', '/api/me']) {
      const refused = await get(url, portal);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('A customer portal session cannot use this route');
    }
    expect((await app.inject({ method: 'GET', url: '/api/portal/invoices' })).statusCode).toBe(401);
    await app.close();
  });

  it('does not start with a route that declares no permission, naming it', async () => {
    const app = await serviceOf((app) => {
      app.get('/api/declared', { config: { permission: 'customers.read' } }, async () => []);
      app.post('/api/forgotten', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(
      /permtest: routes without a declared permission:\n {2}- POST \/api\/forgotten declares no permission/,
    );
  });

  it('keeps `public` for the registry’s public routes: a service route cannot declare itself public', async () => {
    const app = await serviceOf((app) => app.get('/api/open', { config: { permission: 'public' } }, async () => []));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/open says public: declare it in the service registry/);

    const declared = await serviceOf(
      (app) => app.get('/api/pay/:token', async () => ({ ok: true })),
      [{ method: 'GET', path: '/api/pay/:token' }],
    );
    await declared.ready();
    expect((await declared.inject({ method: 'GET', url: '/api/pay/abc' })).json()).toEqual({ ok: true });
    await declared.close();
  });
});
