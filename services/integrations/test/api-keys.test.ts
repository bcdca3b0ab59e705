import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  API_KEY_LENGTH,
  ApiKeyEvents,
  ApiUsageEvents,
  checkApiKeyFormat,
  EventEnvelope,
  IntegrationMessages,
  permissionMessage,
  IntegrationsApiKeyVerifyRpc,
  type ApiKey,
  type ApiUsageStats,
} from '@billpoint/proto';
import { hashApiKey, INTERNAL_TOKEN_HEADER, rpcCall } from '@billpoint/kit';
import { waitFor } from '@billpoint/kit/testing';
import { randomUUID } from 'node:crypto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { generateApiKey } from '../src/modules/api-key/api-key.service.ts';
import { choosePlan } from '../../payments/test/support/plans.ts';
import { makeApiKey, tokenFor } from './support.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('the key format', () => {
  it('is bp_ + 43 base62 characters of 32 random bytes + a 6-character checksum that catches any one mistyped character', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    expect(new Set(keys).size).toBe(200);
    for (const k of keys) {
      expect(k).toMatch(/^bp_[0-9A-Za-z]{49}$/);
      expect(k).toHaveLength(API_KEY_LENGTH);
      expect(checkApiKeyFormat(k)).toBe('ok');
    }
    const k = keys[0]!;
    let caught = 0;
    for (let i = 3; i < k.length; i++) {
      const swapped = k.slice(0, i) + (k[i] === 'a' ? 'b' : 'a') + k.slice(i + 1);
      if (checkApiKeyFormat(swapped) === 'checksum') caught++;
    }
    expect(caught).toBe(k.length - 3);
    expect(checkApiKeyFormat(k.slice(0, -1))).toBe('malformed');
    expect(checkApiKeyFormat(`sk_${k.slice(3)}`)).toBe('malformed');
    expect(checkApiKeyFormat(`${k} `)).toBe('malformed');
  });
});

describe('API keys through the gateway', () => {
  it('creates a key shown once, stores only its SHA-256, lists it masked; the gateway verifies it by hash until it is revoked', async () => {
    const c = stack.client();
    const me = await c.register();
    const seen: string[] = [];
    const sub = await stack.bus.subscribe(
      { subject: 'evt.integrations.api-key.*', durable: `t-${randomUUID().slice(0, 8)}` },
      async (m) => {
        seen.push(EventEnvelope.parse(m.data).type);
      },
    );
    const created = await makeApiKey(c, { name: ' Zapier ', permissions: ['customers:read', 'invoices:write', 'customers:read'] });
    expect(checkApiKeyFormat(created.actualKey)).toBe('ok');
    expect(created.apiKey).toMatchObject({
      name: 'Zapier',
      keyPrefix: created.actualKey.slice(0, 11),
      permissions: ['customers:read', 'invoices:write'],
      rateLimit: 1000,
      isActive: true,
      expiresAt: null,
      lastUsedAt: null,
      createdBy: me.id,
    });
    expect(created.apiKey.maskedKey.startsWith(created.apiKey.keyPrefix)).toBe(true);
    const list = (await c.get('/api/integrations/api-keys')).json as { apiKeys: ApiKey[] };
    expect(list.apiKeys.map((k) => k.id)).toEqual([created.apiKey.id]);
    expect(JSON.stringify(list)).not.toContain(created.actualKey.slice(11));

    // Only the hash is stored.
    const db = new pg.Client({ connectionString: stack.db.url });
    await db.connect();
    const rows = (await db.query('select key_hash, key_prefix from integrations.api_keys')).rows;
    expect(rows).toEqual([{ key_hash: hashApiKey(created.actualKey), key_prefix: created.apiKey.keyPrefix }]);
    const dump = JSON.stringify((await db.query('select * from integrations.api_keys')).rows);
    expect(dump).not.toContain(created.actualKey);
    await db.end();

    const grant = await rpcCall(stack.bus, IntegrationsApiKeyVerifyRpc, { keyHash: hashApiKey(created.actualKey) });
    expect(grant).toMatchObject({
      tenantId: me.organization.id,
      keyId: created.apiKey.id,
      scopes: ['customers:read', 'invoices:write'],
      rateLimit: 1000,
      expiresAt: null,
      createdBy: me.id,
    });
    expect(await rpcCall(stack.bus, IntegrationsApiKeyVerifyRpc, { keyHash: hashApiKey(generateApiKey()) })).toBeNull();

    expect(await c.post('/api/integrations/test-api-key', { key: created.actualKey })).toMatchObject({
      status: 200,
      json: { success: true, message: IntegrationMessages.keyValid },
    });
    const typo = created.actualKey.slice(0, 20) + (created.actualKey[20] === 'x' ? 'y' : 'x') + created.actualKey.slice(21);
    expect((await c.post('/api/integrations/test-api-key', { key: typo })).json).toEqual({
      success: false,
      message: IntegrationMessages.keyChecksum,
    });
    expect((await c.post('/api/integrations/test-api-key', { key: 'bp_short' })).json).toEqual({
      success: false,
      message: IntegrationMessages.keyMalformed,
    });
    expect((await c.post('/api/integrations/test-api-key', { key: generateApiKey() })).json).toEqual({
      success: false,
      message: IntegrationMessages.keyUnknown,
    });
    // Another organization's key is unknown here.
    const other = stack.client();
    await other.register();
    expect((await other.post('/api/integrations/test-api-key', { key: created.actualKey })).json.success).toBe(false);

    expect((await c.delete(`/api/integrations/api-keys/${created.apiKey.id}`)).status).toBe(204);
    expect(await rpcCall(stack.bus, IntegrationsApiKeyVerifyRpc, { keyHash: hashApiKey(created.actualKey) })).toBeNull();
    expect((await c.get('/api/integrations/api-keys')).json).toEqual({ apiKeys: [] });
    expect((await c.delete(`/api/integrations/api-keys/${created.apiKey.id}`)).status).toBe(404);
    await waitFor(() => seen.includes(ApiKeyEvents.Revoked));
    expect(seen).toEqual([ApiKeyEvents.Created, ApiKeyEvents.Revoked]);
    await sub.stop();
  });

  it('makes keys only on a plan with API access: the trial has it, Starter does not (403 naming the plan)', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const tenantId = organization.id;
    // The trial applies while it runs: Professional's API access.
    const made = await makeApiKey(c, { permissions: ['*'] });
    // The trial ends (it needs no event: the read model holds its end). The version moves on, so the trial's own
    // plan.changed, should it land after this, cannot put the old end back.
    await stack.db.query(
      `update integrations.plan_limits set trial_ends_at = now() - interval '1 second', version = version + interval '1 ms' where tenant_id = $1`,
      [tenantId],
    );
    const refused = await c.post('/api/integrations/api-keys', { name: 'After the trial' });
    expect([refused.status, refused.json.message]).toEqual([
      403,
      'Your Starter plan does not include API access. Upgrade your plan to create API keys.',
    ]);
    // A plan chosen with API access makes keys again; a downgrade refuses the next one at once.
    await choosePlan(stack.db, c, tenantId, 'professional');
    await makeApiKey(c);
    await choosePlan(stack.db, c, tenantId, 'starter');
    expect((await c.post('/api/integrations/api-keys', { name: 'Downgraded' })).status).toBe(403);
    // The key test says why a key would not work now.
    expect((await c.post('/api/integrations/test-api-key', { key: made.actualKey })).json).toEqual({
      success: false,
      message: 'Your Starter plan does not include API access. Upgrade your plan to use the API.',
    });
    // Keys made before stay listed and can still be revoked.
    const listed = (await c.get('/api/integrations/api-keys')).json as { apiKeys: ApiKey[] };
    expect(listed.apiKeys).toHaveLength(2);
    expect((await c.delete(`/api/integrations/api-keys/${made.apiKey.id}`)).status).toBe(204);
  });

  it('refuses bad scopes, rate limits and expiries naming the field; * stands alone; an expired key does not verify', async () => {
    const c = stack.client();
    await c.register();
    const bad = async (body: object) => (await c.post('/api/integrations/api-keys', { name: 'k', ...body })).json.issues?.[0]?.path;
    expect(await bad({ permissions: ['customers:admin'] })).toBe('permissions.0');
    expect(await bad({ permissions: 'customers:read' })).toBe('permissions');
    expect(await bad({ rateLimit: 0 })).toBe('rateLimit');
    expect(await bad({ rateLimit: 1.5 })).toBe('rateLimit');
    expect(await bad({ expiresAt: '2001-01-01T00:00:00Z' })).toBe('expiresAt');
    expect(await bad({ expiresAt: 'tomorrow' })).toBe('expiresAt');
    const noName = await c.post('/api/integrations/api-keys', { name: '  ' });
    expect([noName.status, noName.json.issues]).toEqual([400, [{ path: 'name', message: 'Name is required' }]]);
    expect((await c.get('/api/integrations/api-keys')).json).toEqual({ apiKeys: [] });

    const all = await makeApiKey(c, { permissions: ['invoices:read', '*'], rateLimit: '250', expiresAt: '' });
    expect(all.apiKey).toMatchObject({ permissions: ['*'], rateLimit: 250, expiresAt: null });
    const soon = new Date(Date.now() + 1500).toISOString();
    const expiring = await makeApiKey(c, { expiresAt: soon });
    expect(expiring.apiKey.expiresAt).toBe(soon);
    expect(await rpcCall(stack.bus, IntegrationsApiKeyVerifyRpc, { keyHash: hashApiKey(expiring.actualKey) })).not.toBeNull();
    await waitFor(
      async () => (await rpcCall(stack.bus, IntegrationsApiKeyVerifyRpc, { keyHash: hashApiKey(expiring.actualKey) })) === null,
      5000,
      100,
    );
    expect((await c.post('/api/integrations/test-api-key', { key: expiring.actualKey })).json).toEqual({
      success: false,
      message: IntegrationMessages.keyExpired,
    });
  });

  it('lets only admins manage keys, webhooks and the audit log', async () => {
    const c = stack.client();
    const me = await c.register();
    const app = stack.services.integrations!.app;
    for (const role of ['user', 'manager'] as const) {
      const headers = { [INTERNAL_TOKEN_HEADER]: tokenFor(me.organization.id, role) };
      for (const [method, url, permission] of [
        ['GET', '/api/integrations/api-keys', 'api-keys.manage'],
        ['POST', '/api/integrations/api-keys', 'api-keys.manage'],
        ['GET', '/api/integrations/api-keys/usage-stats', 'api-keys.manage'],
        ['GET', '/api/integrations/webhooks', 'webhooks.read'],
        ['POST', '/api/integrations/webhooks', 'webhooks.manage'],
        ['GET', '/api/audit-logs', 'audit-log.read'],
      ] as const) {
        const res = await app.inject({
          method,
          url,
          headers,
          payload: method === 'POST' ? { name: 'x', url: 'example.com', events: ['invoice.paid'] } : undefined,
        });
        expect([url, res.statusCode, res.json()]).toEqual([
          url,
          403,
          { statusCode: 403, error: 'Forbidden', message: permissionMessage(role, permission), permission },
        ]);
      }
    }
    const admin = await app.inject({
      method: 'GET',
      url: '/api/integrations/api-keys',
      headers: { [INTERNAL_TOKEN_HEADER]: tokenFor(me.organization.id, 'admin') },
    });
    expect(admin.statusCode).toBe(200);
  });

  it('stores the gateway’s usage batches (only for the tenant’s own keys, once) and answers usage stats and lastUsedAt', async () => {
    const c = stack.client();
    const me = await c.register();
    const k1 = await makeApiKey(c, { name: 'one' });
    const k2 = await makeApiKey(c, { name: 'two' });
    const other = stack.client();
    await other.register();
    const foreign = await makeApiKey(other, { name: 'foreign' });
    const at = new Date().toISOString();
    const rec = (keyId: number, statusCode: number, responseTimeMs: number) => ({
      keyId,
      endpoint: '/api/v1/customers',
      method: 'GET',
      statusCode,
      responseTimeMs,
      requestSize: 0,
      responseSize: 512,
      ip: '203.0.113.9',
      userAgent: 'curl/8',
      at,
    });
    const records = [
      ...Array.from({ length: 19 }, (_, i) => rec(k1.apiKey.id, 200, 10 + i)),
      rec(k1.apiKey.id, 500, 400),
      rec(k2.apiKey.id, 404, 5),
      rec(foreign.apiKey.id, 200, 1), // not this tenant's key: dropped
    ];
    const id = randomUUID();
    const envelope = { id, type: ApiUsageEvents.Batch, occurredAt: at, tenantId: me.organization.id, actorId: null, data: { records } };
    await stack.bus.publish(ApiUsageEvents.Batch, envelope, { msgId: id, headers: {} });
    await stack.bus.publish(ApiUsageEvents.Batch, envelope, { msgId: `${id}-again`, headers: {} }); // redelivered: once
    const stats = await waitFor(async () => {
      const s = (await c.get('/api/integrations/api-keys/usage-stats')).json as ApiUsageStats;
      return s.totalRequests === 21 ? s : null;
    });
    expect(stats).toMatchObject({ totalRequests: 21, successfulRequests: 19, failedRequests: 2, requestsToday: 21, activeKeys: 2 });
    expect(stats.errorRate).toBeCloseTo(2 / 21, 4);
    const one = stats.keys.find((k) => k.keyId === k1.apiKey.id)!;
    expect(one).toMatchObject({ requestsToday: 20, requestsThisMonth: 20, errorRate: 0.05, lastUsedAt: at });
    expect(one.p95LatencyMs).toBeGreaterThan(27);
    expect(stats.keys.find((k) => k.keyId === k2.apiKey.id)).toMatchObject({ requestsThisMonth: 1, errorRate: 1 });
    expect((await other.get('/api/integrations/api-keys/usage-stats')).json.totalRequests).toBe(0);
  });
});
