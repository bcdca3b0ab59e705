/**
 * The public REST API /api/v1 through the gateway, with real API keys made by the integrations service: key checks
 * (format, checksum, unknown, revoked), the plan, scopes, the per-key hourly limit and its headers on every answer,
 * the version header, and usage reaching the stats. Input, idempotency: public-api-input.test.ts; the operations:
 * public-api-operations.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '@billpoint/kit';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { gatewayService } from '../src/app.ts';
import { ApiUsageStats, CURRENT_API_VERSION, Customer, checkApiKeyFormat } from '@billpoint/proto';
import { choosePlan } from '../../services/payments/test/support/plans.ts';
import { startStack, type Stack } from './support/stack.ts';
import { apiClient, organization as org } from './support/public-api.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

const organization = () => org(stack);
const api = (key: string | null) => apiClient(stack, key);

describe('the public API /api/v1', () => {
  it('answers with a valid key, refuses a malformed, mistyped, unknown or revoked one with 401 api_key_invalid', async () => {
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

    const none = await api(null).get(`/api/v1/customers/${customer.id}`);
    expect([none.status, none.json.code]).toEqual([401, 'api_key_invalid']);
    expect(none.headers.get('billpoint-version')).toBe(CURRENT_API_VERSION);
    const flipped = actualKey.slice(0, 10) + (actualKey[10] === 'a' ? 'b' : 'a') + actualKey.slice(11);
    const mistyped = await api(flipped).get(`/api/v1/customers/${customer.id}`);
    expect([mistyped.status, mistyped.json.message, mistyped.json.code]).toEqual([
      401,
      expect.stringMatching(/checksum/),
      'api_key_invalid',
    ]);
    expect((await api('bp_short').get('/api/v1/customers')).status).toBe(401);
    const foreign = await (await organization()).makeKey({ permissions: ['*'] });
    // Another organization's key sees only its own organization: A's customer is not found.
    const hidden = await api(foreign.actualKey).get(`/api/v1/customers/${customer.id}`);
    expect([hidden.status, hidden.json.code]).toEqual([404, 'resource_missing']);

    expect((await admin.delete(`/api/integrations/api-keys/${apiKey.id}`)).status).toBeLessThan(300);
    // Revocation reaches the gateway's cache through the event, well within 5 s.
    await waitFor(async () => (await api(actualKey).get(`/api/v1/customers/${customer.id}`)).status === 401, 5_000, 50);
  });

  it('refuses the keys of a plan without API access (403 api_access_not_in_plan) from the next call after a downgrade', async () => {
    const { admin, tenantId, makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['*'] }); // the trial (Professional) has API access
    expect((await api(actualKey).get('/api/v1/customers')).status).toBe(200);

    await choosePlan(stack.db, admin, tenantId, 'starter');
    const refused = await api(actualKey).get('/api/v1/customers');
    expect([refused.status, refused.json.message, refused.json.code]).toEqual([
      403,
      'Your Starter plan does not include API access. Upgrade your plan to use the API.',
      'api_access_not_in_plan',
    ]);
    const write = await api(actualKey).post('/api/v1/customers', { name: 'Not made', email: 'no@example.com' });
    expect(write.status).toBe(403);
    expect((await admin.get('/api/customers')).json).toEqual([]);

    await choosePlan(stack.db, admin, tenantId, 'enterprise');
    expect((await api(actualKey).get('/api/v1/customers')).status).toBe(200);

    // The end of a trial needs no event: a trialing tenant whose trial has run out is judged on its plan (Starter).
    const trial = await organization();
    const key = await trial.makeKey({ permissions: ['*'] });
    expect((await api(key.actualKey).get('/api/v1/customers')).status).toBe(200);
    await stack.db.query(
      `update gateway.plan_limits set trial_ends_at = now() - interval '1 second', version = version + interval '1 ms' where tenant_id = $1`,
      [trial.tenantId],
    );
    expect((await api(key.actualKey).get('/api/v1/customers')).status).toBe(403);
  });

  it('needs the route scope: 403 scope_missing naming it, and a write scope does not grant reads', async () => {
    const { makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['customers:write'] });
    const read = await api(actualKey).get('/api/v1/customers');
    expect([read.status, read.json.message, read.json.code]).toEqual([403, 'This API key lacks the customers:read scope', 'scope_missing']);
    const made = await api(actualKey).post('/api/v1/customers', { name: 'Bob', email: 'bob@example.com' });
    expect(made.status).toBe(201);
    expect((await api(actualKey).get('/api/v1/products')).status).toBe(403);
    const remove = await api(actualKey).delete(`/api/v1/customers/${made.json.id}`);
    expect([remove.status, remove.json.code]).toEqual([403, 'scope_missing']);
  });

  it('puts the rate-limit and version headers on every answer to a known key, whatever its status', async () => {
    const { makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['customers:read'], rateLimit: 50 });
    const a = api(actualKey);
    const answers = [
      await a.get('/api/v1/customers'), // 200
      await a.get('/api/v1/products'), // 403 scope_missing
      await a.get('/api/v1/nothing-here'), // 404 route_unknown
      await a.get('/api/v1/customers/999999999'), // 404 resource_missing
      await a.call('PUT', '/api/v1/customers'), // 405
      await a.get('/api/v1/customers?limit=0'), // 400
    ];
    expect(answers.map((r) => [r.status, r.json?.code ?? null])).toEqual([
      [200, null],
      [403, 'scope_missing'],
      [404, 'route_unknown'],
      [404, 'resource_missing'],
      [405, 'method_not_allowed'],
      [400, 'parameter_invalid'],
    ]);
    expect(answers[4]!.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['49', '48', '47', '46', '45', '44']);
    for (const r of answers) {
      expect(r.headers.get('x-ratelimit-limit')).toBe('50');
      expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      expect(r.headers.get('billpoint-version')).toBe(CURRENT_API_VERSION);
      // The IETF fields tell the same: the policy, and what is left with the seconds to the reset.
      expect(r.headers.get('ratelimit-policy')).toBe('"api-key";q=50;w=3600');
      expect(r.headers.get('ratelimit')).toBe(
        `"api-key";r=${r.headers.get('x-ratelimit-remaining')};t=${r.headers.get('x-ratelimit-reset')}`,
      );
    }
    // Every answer names its request, each its own.
    const requestIds = answers.map((r) => r.headers.get('request-id'));
    expect(requestIds.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(requestIds).size).toBe(answers.length);
  });

  it('counts HEAD and GET against one allowance: 429 with Retry-After once it is spent', async () => {
    const { makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['*'], rateLimit: 4 });
    const a = api(actualKey);
    const statuses = [
      (await a.get('/api/v1/customers')).status,
      (await a.head('/api/v1/customers')).status,
      (await a.get('/api/v1/products')).status,
      (await a.head('/api/v1/invoices')).status,
      (await a.head('/api/v1/customers')).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const over = await a.get('/api/v1/customers');
    expect([over.status, over.json.code]).toEqual([429, 'rate_limited']);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit')).toMatch(/^"api-key";r=0;t=\d+$/);
    expect(over.headers.get('ratelimit-policy')).toBe('"api-key";q=4;w=3600');
    expect(over.headers.get('request-id')).toBeTruthy();
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

  it("pins the organization's version at its first call, answers a named version, refuses an unknown one", async () => {
    const { tenantId, makeKey } = await organization();
    const { actualKey } = await makeKey({ permissions: ['*'] });
    const a = api(actualKey);
    const before = await stack.db.query('select version from gateway.api_versions where tenant_id = $1', [tenantId]);
    expect(before.rows).toEqual([]);
    const first = await a.get('/api/v1/customers');
    expect(first.headers.get('billpoint-version')).toBe(CURRENT_API_VERSION);
    const pinned = await stack.db.query('select version from gateway.api_versions where tenant_id = $1', [tenantId]);
    expect(pinned.rows).toEqual([{ version: CURRENT_API_VERSION }]);
    const named = await a.get('/api/v1/customers', { 'billpoint-version': CURRENT_API_VERSION });
    expect([named.status, named.headers.get('billpoint-version')]).toEqual([200, CURRENT_API_VERSION]);
    const unknown = await a.get('/api/v1/customers', { 'billpoint-version': '2019-01-01' });
    expect([unknown.status, unknown.json.code, unknown.json.param]).toEqual([400, 'api_version_invalid', 'Billpoint-Version']);
    expect(unknown.headers.get('x-ratelimit-limit')).toBe('1000');
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

  it('serves its OpenAPI document and the reference page', async () => {
    const c = new HttpClient(stack.url);
    const doc = await c.get('/api/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.json.openapi).toBe('3.1.0');
    expect(doc.json.paths['/api/v1/customers'].post.security).toEqual([{ bearer: ['customers:write'] }]);
    const page = await c.get('/api/v1/reference');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/v1/reference/swagger-ui-bundle.js');
    expect((await c.get('/api/v1/reference/init.js')).text).toContain('/api/v1/openapi.json');
  });
});
