/**
 * /api/v1 input and idempotency: strict parsing (an unknown query parameter or body field is a 400 naming
 * it), error codes with `param`, 415 and malformed bodies, and Idempotency-Key as Stripe does it — canonical JSON,
 * only requests that started executing stored, keys scoped per organization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@billpoint/proto';
import { startStack, type Stack } from './support/stack.ts';
import { apiClient, organization } from './support/public-api.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

const fresh = async () => {
  const o = await organization(stack);
  const { actualKey } = await o.makeKey({ permissions: ['*'] });
  return { ...o, api: apiClient(stack, actualKey), actualKey };
};
const newKey = () => `idem-${Math.random().toString(36).slice(2)}`;

describe('strict input', () => {
  it('refuses an unknown query parameter, naming it, instead of ignoring a misspelt filter', async () => {
    const { api } = await fresh();
    const r = await api.get('/api/v1/invoices?customer_id=1');
    expect([r.status, r.json.code, r.json.param]).toEqual([400, 'parameter_unknown', 'customer_id']);
    expect(r.json.message).toBe('Unknown query parameter: customer_id');
    const onGet = await api.get('/api/v1/customers/1?expand=items');
    expect([onGet.status, onGet.json.code, onGet.json.param]).toEqual([400, 'parameter_unknown', 'expand']);
    const limit = await api.get('/api/v1/customers?limit=1000');
    expect([limit.status, limit.json.code, limit.json.param]).toEqual([400, 'parameter_invalid', 'limit']);
    const both = await api.get('/api/v1/customers?starting_after=1&ending_before=2');
    expect([both.status, both.json.code, both.json.param]).toEqual([400, 'parameter_invalid', 'ending_before']);
    // A cursor naming no item of the list: 400 naming it, on every cursor list, not the list from the top.
    for (const list of ['customers', 'products', 'invoices', 'quotes', 'payments', 'webhooks']) {
      const unknown = await api.get(`/api/v1/${list}?starting_after=4503599627370497`);
      expect([list, unknown.status, unknown.json.code, unknown.json.param]).toEqual([list, 400, 'parameter_invalid', 'starting_after']);
      const before = await api.get(`/api/v1/${list}?ending_before=4503599627370497`);
      expect([list, before.status, before.json.param]).toEqual([list, 400, 'ending_before']);
    }
    const offset = await api.get('/api/v1/customers?offset=10');
    expect([offset.status, offset.json.code, offset.json.param]).toEqual([400, 'parameter_unknown', 'offset']);
  });

  it('refuses an unknown body field, a missing one and a broken rule with the code and the field', async () => {
    const { api, admin } = await fresh();
    const unknown = await api.post('/api/v1/customers', { name: 'A', email: 'a@example.com', nickname: 'x' });
    expect([unknown.status, unknown.json.code, unknown.json.param]).toEqual([400, 'parameter_unknown', 'nickname']);
    const missing = await api.post('/api/v1/customers', { email: 'a@example.com' });
    expect([missing.status, missing.json.code, missing.json.param]).toEqual([400, 'parameter_missing', 'name']);
    const bad = await api.post('/api/v1/customers', { name: 'A', email: 'nope' });
    expect([bad.status, bad.json.code, bad.json.param]).toEqual([400, 'parameter_invalid', 'email']);
    expect(bad.json.issues).toEqual([{ path: 'email', message: 'Valid email is required' }]);
    const nested = await api.post('/api/v1/invoices', {
      invoice: { customerId: 1, dueDate: '2030-01-01', color: 'red' },
      items: [{ description: 'x', quantity: '1', rate: '1.00' }],
    });
    expect([nested.status, nested.json.code, nested.json.param]).toEqual([400, 'parameter_unknown', 'invoice.color']);
    const noBody = await api.call('POST', '/api/v1/customers/1/anything', { body: {} });
    expect([noBody.status, noBody.json.code]).toEqual([404, 'route_unknown']);
    expect((await admin.get('/api/customers')).json).toEqual([]);
  });

  it('answers 415 for a body that is not JSON, 400 body_invalid for broken JSON or bytes, and 413 over 1 MiB', async () => {
    const { api } = await fresh();
    const form = await api.call('POST', '/api/v1/customers', {
      raw: 'name=A',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.status, form.json.code]).toEqual([415, 'media_type_unsupported']);
    const broken = await api.call('POST', '/api/v1/customers', { raw: '{"name":', headers: { 'content-type': 'application/json' } });
    expect([broken.status, broken.json.code]).toEqual([400, 'body_invalid']);
    const bytes = await api.call('POST', '/api/v1/customers', {
      raw: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect([bytes.status, bytes.json.code]).toEqual([400, 'body_invalid']);
    const array = await api.call('POST', '/api/v1/customers', { raw: '[]', headers: { 'content-type': 'application/json' } });
    expect([array.status, array.json.code]).toEqual([400, 'body_invalid']);
    const big = await api.call('POST', '/api/v1/customers', {
      raw: JSON.stringify({ name: 'x'.repeat(1024 * 1024), email: 'a@example.com' }),
      headers: { 'content-type': 'application/json' },
    });
    expect([big.status, big.json.code]).toEqual([413, 'body_too_large']);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same request, with its keys in any order; another body is 422', async () => {
    const { api, admin } = await fresh();
    const key = newKey();
    const first = await api.post(
      '/api/v1/customers',
      { name: 'Once', email: 'once@example.com', tags: ['a', 'b'] },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api.post(
      '/api/v1/customers',
      { tags: ['a', 'b'], email: 'once@example.com', name: 'Once' },
      { 'idempotency-key': key },
    );
    expect([again.status, again.json.id, again.headers.get('idempotent-replayed')]).toEqual([201, first.json.id, 'true']);
    const reordered = await api.post(
      '/api/v1/customers',
      { name: 'Once', email: 'once@example.com', tags: ['b', 'a'] },
      { 'idempotency-key': key },
    );
    expect([reordered.status, reordered.json.code]).toEqual([422, 'idempotency_key_reused']);
    expect((await admin.get('/api/customers')).json).toHaveLength(1);
    const badKey = await api.post('/api/v1/customers', { name: 'A', email: 'a@example.com' }, { 'idempotency-key': 'has space' });
    expect([badKey.status, badKey.json.code, badKey.json.param]).toEqual([400, 'idempotency_key_invalid', 'Idempotency-Key']);
  });

  it('does not store a refused input: the corrected request under the same key runs', async () => {
    const { api, admin } = await fresh();
    const key = newKey();
    const wrong = await api.post('/api/v1/customers', { name: 'Fixed', email: 'not-an-email' }, { 'idempotency-key': key });
    expect(wrong.status).toBe(400);
    const fixed = await api.post('/api/v1/customers', { name: 'Fixed', email: 'fixed@example.com' }, { 'idempotency-key': key });
    expect(fixed.status).toBe(201);
    expect(((await admin.get('/api/customers')).json as Customer[]).map((c) => c.email)).toEqual(['fixed@example.com']);
  });

  it('scopes keys per organization: another key of the same organization replays, another organization runs its own', async () => {
    const a = await fresh();
    const second = apiClient(stack, (await a.makeKey({ permissions: ['*'] })).actualKey);
    const other = await fresh();
    const key = newKey();
    const body = { name: 'Shared', email: 'shared@example.com' };
    const first = await a.api.post('/api/v1/customers', body, { 'idempotency-key': key });
    const byOtherKey = await second.post('/api/v1/customers', body, { 'idempotency-key': key });
    expect([byOtherKey.status, byOtherKey.json.id, byOtherKey.headers.get('idempotent-replayed')]).toEqual([201, first.json.id, 'true']);
    const elsewhere = await other.api.post('/api/v1/customers', body, { 'idempotency-key': key });
    expect([elsewhere.status, elsewhere.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect((await a.admin.get('/api/customers')).json).toHaveLength(1);
    expect((await other.admin.get('/api/customers')).json).toHaveLength(1);
  });

  it('lets one of ten concurrent duplicates run; the others replay it or get 409 idempotency_key_in_use', async () => {
    const { api, admin } = await fresh();
    const key = newKey();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.post('/api/v1/customers', { name: 'Burst', email: 'burst@example.com' }, { 'idempotency-key': key }),
      ),
    );
    expect(
      burst.filter((r) => !(r.status === 201 || (r.status === 409 && r.json.code === 'idempotency_key_in_use'))).map((r) => r.json),
    ).toEqual([]);
    expect(burst.filter((r) => r.status === 201 && !r.headers.get('idempotent-replayed'))).toHaveLength(1);
    expect(((await admin.get('/api/customers')).json as Customer[]).filter((c) => c.name === 'Burst')).toHaveLength(1);
  });
});
