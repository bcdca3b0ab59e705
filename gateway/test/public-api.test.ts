/**
 * The public REST API /api/v1 through the gateway, with real API keys made by the integrations service: key
 * checks (format, checksum, unknown, revoked, expired), scopes, the per-key hourly limit and its headers,
 * Idempotency-Key (replay, mismatch, concurrency), the list envelope, usage reaching the stats, and the OpenAPI
 * document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '@billpoint/kit';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { gatewayService } from '../src/app.ts';
import { ApiKeyCreated, ApiUsageStats, Customer, checkApiKeyFormat } from '@billpoint/proto';
import { choosePlan } from '../../services/payments/test/support/plans.ts';
import { startStack, type Stack } from './support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

/** A signed-in admin of a new organization and a way to make keys for it. */
async function organization() {
  const admin = stack.client();
  const { organization } = await admin.register({ organizationName: `Org ${Math.random().toString(36).slice(2, 8)}` });
  const makeKey = async (body: Record<string, unknown>) => {
    const r = await admin.post('/api/integrations/api-keys', { name: 'Test key', ...body });
    expect(r.status, r.text).toBe(201);
    return ApiKeyCreated.parse(r.json);
  };
  return { admin, tenantId: organization.id as string, makeKey };
}

/** A client with nothing but a bearer key (no cookies, no CSRF header). */
const api = (key: string) => {
  const c = new HttpClient(stack.url);
  return {
    get: (path: string) => c.request('GET', path, undefined, { authorization: `Bearer ${key}` }),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(new URL(path, stack.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, headers: r.headers, json: (await r.json()) as any })),
  };
};

describe('the public API /api/v1', () => {
  it('answers with a valid key, refuses a malformed, mistyped, unknown or revoked one with 401', async () => {
    const { admin, makeKey } = await organization();
    const { apiKey, actualKey } = await makeKey({ permissions: ['*'] });
    expect(checkApiKeyFormat(actualKey)).toBe('ok');
    const made = await admin.post('/api/customers', { name: 'Ada', email: 'ada@example.com' });
    const customer = Customer.parse(made.json);

    const got = await api(actualKey).get(`/api/v1/customers/${customer.id}`);
    expect(got.status).toBe(200);
    expect(Customer.parse(got.json).email).toBe('ada@example.com');
    expect(got.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(Number(got.headers.get('x-ratelimit-remaining'))).toBeLessThan(1000);

    const none = await new HttpClient(stack.url).request('GET', `/api/v1/customers/${customer.id}`);
    expect(none.status).toBe(401);
    const flipped = actualKey.slice(0, 10) + (actualKey[10] === 'a' ? 'b' : 'a') + actualKey.slice(11);
    const mistyped = await api(flipped).get(`/api/v1/customers/${customer.id}`);
    expect([mistyped.status, mistyped.json.message]).toEqual([401, expect.stringMatching(/checksum/)]);
    expect((await api('bp_short').get('/api/v1/customers')).status).toBe(401);
    const other = (await organization()).makeKey;
    const foreign = await other({ permissions: ['*'] });
    // Another organization's key sees only its own organization: A's customer is not found.
    expect((await api(foreign.actualKey).get(`/api/v1/customers/${customer.id}`)).status).toBe(404);

    expect((await admin.delete(`/api/integrations/api-keys/${apiKey.id}`)).status).toBeLessThan(300);
    // Revocation reaches the gateway's cache through the event, well within 5 s.
    await waitFor(async () => (await api(actualKey).get(`/api/v1/customers/${customer.id}`)).status === 401, 5_000, 50);
  });

  it('refuses the keys of a plan without API access (403 naming the plan) from the next call after a downgrade', async () => {
    const { admin, tenantId, makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['*'] }); // the trial (Professional) has API access
    expect((await api(actualKey).get('/api/v1/customers')).status).toBe(200);

    await choosePlan(stack.db, admin, tenantId, 'starter');
    const refused = await api(actualKey).get('/api/v1/customers');
    expect([refused.status, refused.json.message]).toEqual([
      403,
      'Your Starter plan does not include API access. Upgrade your plan to use the API.',
    ]);
    const write = await api(actualKey).post('/api/v1/customers', { name: 'Not made', email: 'no@example.com' });
    expect(write.status).toBe(403);
    expect((await admin.get('/api/customers')).json).toEqual([]);

    await choosePlan(stack.db, admin, tenantId, 'enterprise');
    expect((await api(actualKey).get('/api/v1/customers')).status).toBe(200);

    // The end of a trial needs no event: a trialing tenant whose trial has run out is judged on its plan (Starter).
    // (The version moves on, so the trial's own plan.changed, should it land after this, cannot put the old end back.)
    const trial = await organization();
    const key = await trial.makeKey({ permissions: ['*'] });
    expect((await api(key.actualKey).get('/api/v1/customers')).status).toBe(200);
    await stack.db.query(
      `update gateway.plan_limits set trial_ends_at = now() - interval '1 second', version = version + interval '1 ms' where tenant_id = $1`,
      [trial.tenantId],
    );
    expect((await api(key.actualKey).get('/api/v1/customers')).status).toBe(403);
  });

  it('needs the route scope: 403 naming it, and a write scope does not grant reads', async () => {
    const { makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['customers:write'] });
    const read = await api(actualKey).get('/api/v1/customers');
    expect([read.status, read.json.message]).toEqual([403, 'This API key lacks the customers:read scope']);
    const made = await api(actualKey).post('/api/v1/customers', { name: 'Bob', email: 'bob@example.com' });
    expect(made.status).toBe(201);
    expect((await api(actualKey).get('/api/v1/products')).status).toBe(403);
  });

  it('lists in an envelope with total and the next offset; bad input is a 400 naming the field', async () => {
    const { admin, makeKey } = await organization();
    for (const n of [1, 2, 3]) await admin.post('/api/customers', { name: `C${n}`, email: `c${n}@example.com` });
    const { actualKey } = await makeKey({ permissions: ['customers:read', 'customers:write'] });
    const page = await api(actualKey).get('/api/v1/customers?limit=2&offset=0');
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ object: 'list', total: 3, limit: 2, offset: 0, nextOffset: 2 });
    expect(page.json.data).toHaveLength(2);
    const last = await api(actualKey).get('/api/v1/customers?limit=2&offset=2');
    expect(last.json).toMatchObject({ total: 3, nextOffset: null });
    const bad = await api(actualKey).post('/api/v1/customers', { name: '', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.json.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['name', 'email']));
    expect((await api(actualKey).get('/api/v1/nothing-here')).status).toBe(404);
  });

  it('limits each key per hour across routes: 429 with Retry-After once the limit is spent', async () => {
    const { makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['*'], rateLimit: 3 });
    const statuses: number[] = [];
    for (const path of ['/api/v1/customers', '/api/v1/products', '/api/v1/invoices', '/api/v1/customers'])
      statuses.push((await api(actualKey).get(path)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const over = await api(actualKey).get('/api/v1/customers');
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("shares each key's counter between gateway replicas through Redis", async () => {
    const env = { ...stack.gatewayEnv, REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const replicas = [
      await startService(gatewayService, { env, bus: stack.bus }),
      await startService(gatewayService, { env, bus: stack.bus }),
    ];
    try {
      const { makeKey } = await organization();
      const { actualKey } = await makeKey({ permissions: ['*'], rateLimit: 4 });
      const call = (i: number) => fetch(`${replicas[i % 2]!.url}/api/v1/customers`, { headers: { authorization: `Bearer ${actualKey}` } });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await call(i));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
      expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['3', '2', '1', '0', '0']);
    } finally {
      for (const r of replicas) await r.close();
    }
  });

  it('Idempotency-Key: the same request replays the first answer, another body is 422, a concurrent duplicate 409', async () => {
    const { admin, makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['*'] });
    const key = `idem-${Math.random().toString(36).slice(2)}`;
    const body = { name: 'Once', email: 'once@example.com' };
    const first = await api(actualKey).post('/api/v1/customers', body, { 'idempotency-key': key });
    const again = await api(actualKey).post('/api/v1/customers', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const changed = await api(actualKey).post('/api/v1/customers', { ...body, name: 'Twice' }, { 'idempotency-key': key });
    expect(changed.status).toBe(422);
    expect((await admin.get('/api/customers')).json).toHaveLength(1);

    // Concurrent: ten at once with one new key → one 201, the others 201 replays or 409 while it runs; one customer.
    const k2 = `idem-${Math.random().toString(36).slice(2)}`;
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        api(actualKey).post('/api/v1/customers', { name: 'Burst', email: 'burst@example.com' }, { 'idempotency-key': k2 }),
      ),
    );
    expect(burst.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(burst.filter((r) => r.status === 201 && !r.headers.get('idempotent-replayed'))).toHaveLength(1);
    expect(((await admin.get('/api/customers')).json as Customer[]).filter((c) => c.name === 'Burst')).toHaveLength(1);
    const badKey = await api(actualKey).post('/api/v1/customers', body, { 'idempotency-key': 'has space' });
    expect(badKey.status).toBe(400);
  });

  it('records usage off the request path: the usage stats count the calls', async () => {
    const { admin, makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['customers:read'] });
    for (let i = 0; i < 3; i++) await api(actualKey).get('/api/v1/customers');
    await api(actualKey).get('/api/v1/products'); // 403: counted as a failed request
    await waitFor(
      async () => ApiUsageStats.parse((await admin.get('/api/integrations/api-keys/usage-stats')).json).totalRequests === 4,
      10_000,
      100,
    );
    const stats = ApiUsageStats.parse((await admin.get('/api/integrations/api-keys/usage-stats')).json);
    expect([stats.successfulRequests, stats.failedRequests]).toEqual([3, 1]);
  });

  it('publishes an OpenAPI 3.1 document of every route, scope and webhook, and a reference page', async () => {
    const c = new HttpClient(stack.url);
    const doc = await c.get('/api/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.json.openapi).toBe('3.1.0');
    expect(Object.keys(doc.json.paths).sort()).toEqual([
      '/api/v1/analytics/dashboard',
      '/api/v1/customers',
      '/api/v1/customers/{id}',
      '/api/v1/invoices',
      '/api/v1/invoices/{id}',
      '/api/v1/products',
    ]);
    expect(doc.json.paths['/api/v1/customers'].post.security).toEqual([{ bearer: ['customers:write'] }]);
    expect(doc.json.paths['/api/v1/customers'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/CustomersInput',
    );
    expect(doc.json.components.schemas.CustomersInput.required).toEqual(expect.arrayContaining(['name', 'email']));
    expect(Object.keys(doc.json.webhooks)).toHaveLength(11);
    const page = await c.get('/api/v1/reference');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/v1/reference/swagger-ui-bundle.js');
    expect((await c.get('/api/v1/reference/init.js')).text).toContain('/api/v1/openapi.json');
  });
});
