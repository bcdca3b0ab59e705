/**
 * Metadata through /api/v1 with an API key, as an integrator keeps their own ids on our objects: written on create,
 * read back everywhere, merged by PATCH (`""` removes a key), and found again by `metadata[key]=value` — never another
 * organization's object with the same pairs. Customers, products and invoices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './support/stack.ts';
import { apiClient, organization } from './support/public-api.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const fresh = async () => {
  const o = await organization(stack);
  const { actualKey } = await o.makeKey({ permissions: ['*'] });
  return { ...o, api: apiClient(stack, actualKey) };
};
type Api = Awaited<ReturnType<typeof fresh>>['api'];

/** One kind of object: how to make one with `metadata` through the API. */
const kinds: { plural: string; make: (api: Api, n: number, metadata?: Record<string, string>) => Promise<{ id: number }> }[] = [
  {
    plural: 'customers',
    make: async (api, n, metadata) => created(await api.post('/api/v1/customers', { name: `C${n}`, email: `c${n}@example.com`, metadata })),
  },
  {
    plural: 'products',
    make: async (api, n, metadata) => created(await api.post('/api/v1/products', { name: `P${n}`, price: '10.00', metadata })),
  },
  {
    plural: 'invoices',
    make: async (api, n, metadata) => {
      const customer = created(await api.post('/api/v1/customers', { name: `IC${n}`, email: `ic${n}@example.com` }));
      return created(
        await api.post('/api/v1/invoices', {
          invoice: { customerId: customer.id, dueDate, metadata },
          items: [{ description: 'Work', quantity: '1', rate: '10.00' }],
        }),
      );
    },
  },
];
const created = (r: { status: number; json: { id: number } }) => {
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json;
};
const listed = async (api: Api, path: string) => {
  const r = await api.get(path);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data as { id: number }[]).map((x) => x.id);
};

describe.each(kinds)('metadata on $plural through /api/v1', ({ plural, make }) => {
  it('is written on create, read back, merged by PATCH, and filtered on the list of this organization only', async () => {
    const { api } = await fresh();
    const other = await fresh();
    const tagged = await make(api, 1, { order_ref: 'A-17', channel: 'shop' });
    expect(tagged).toMatchObject({ metadata: { order_ref: 'A-17', channel: 'shop' } });
    const plain = await make(api, 2);
    expect(plain).toMatchObject({ metadata: {} });
    await make(api, 3, { order_ref: 'B-2' });
    const foreign = await make(other.api, 4, { order_ref: 'A-17', channel: 'shop' });

    expect((await api.get(`/api/v1/${plural}/${tagged.id}`)).json.metadata).toEqual({ order_ref: 'A-17', channel: 'shop' });
    expect((await api.get(`/api/v1/${plural}/${plain.id}`)).json.metadata).toEqual({});

    // The filter finds exactly the one, never the other organization's twin; several pairs must all hold.
    expect(await listed(api, `/api/v1/${plural}?metadata[order_ref]=A-17`)).toEqual([tagged.id]);
    expect(await listed(api, `/api/v1/${plural}?metadata%5Border_ref%5D=A-17&metadata[channel]=shop`)).toEqual([tagged.id]);
    expect(await listed(api, `/api/v1/${plural}?metadata[order_ref]=A-17&metadata[channel]=web`)).toEqual([]);
    expect(await listed(other.api, `/api/v1/${plural}?metadata[order_ref]=A-17`)).toEqual([foreign.id]);
    expect((await listed(api, `/api/v1/${plural}?limit=100`)).length).toBeGreaterThanOrEqual(3);

    // PATCH merges: a key sent replaces or joins, "" removes, the others stay; {} changes nothing.
    const merged = await api.patch(`/api/v1/${plural}/${tagged.id}`, { metadata: { channel: '', batch: '7' } });
    expect(merged.status, JSON.stringify(merged.json)).toBe(200);
    expect(merged.json.metadata).toEqual({ order_ref: 'A-17', batch: '7' });
    const same = await api.patch(`/api/v1/${plural}/${tagged.id}`, { metadata: {} });
    expect([same.status, same.json.metadata]).toEqual([200, { order_ref: 'A-17', batch: '7' }]);
    expect((await api.get(`/api/v1/${plural}/${tagged.id}`)).json.metadata).toEqual({ order_ref: 'A-17', batch: '7' });
    expect(await listed(api, `/api/v1/${plural}?metadata[channel]=shop`)).toEqual([]);
    expect(await listed(api, `/api/v1/${plural}?metadata[batch]=7`)).toEqual([tagged.id]);
  });

  it('refuses what breaks the rules with a 400 naming the field, and writes nothing', async () => {
    const { api } = await fresh();
    const one = await make(api, 1, { a: '1' });
    const bad = async (metadata: unknown, param: RegExp) => {
      const r = await api.patch(`/api/v1/${plural}/${one.id}`, { metadata });
      expect(r.status, JSON.stringify(r.json)).toBe(400);
      expect(r.json.param).toMatch(param);
    };
    const fiftyOne = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    await bad(fiftyOne, /^metadata$/);
    await bad({ ['k'.repeat(41)]: 'v' }, /^metadata/);
    await bad({ 'a[b]': 'v' }, /^metadata/);
    await bad({ ok: 'x'.repeat(501) }, /^metadata\.ok$/);
    await bad({ ok: 7 }, /^metadata\.ok$/);
    await bad({ ok: 'bell\u0007' }, /^metadata\.ok$/);
    await bad(['a'], /^metadata$/);
    // Each request valid alone, their merge over 50 keys: refused, naming metadata.
    const fortyNine = Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`m${i}`, 'v']));
    const full = await api.patch(`/api/v1/${plural}/${one.id}`, { metadata: fortyNine });
    expect([full.status, Object.keys(full.json.metadata).length]).toEqual([200, 50]);
    const over = await api.patch(`/api/v1/${plural}/${one.id}`, { metadata: { one_more: 'v' } });
    expect([over.status, over.json.param]).toEqual([400, 'metadata']);
    // Removing one and adding another in the same request stays within the limit.
    const swap = await api.patch(`/api/v1/${plural}/${one.id}`, { metadata: { a: '', one_more: 'v' } });
    expect([swap.status, Object.keys(swap.json.metadata).length]).toEqual([200, 50]);
    expect((await api.get(`/api/v1/${plural}/${one.id}`)).json.metadata).toMatchObject({ one_more: 'v' });

    // A create over the limit is refused too.
    const r = await api.post(`/api/v1/${plural}`, plural === 'invoices' ? { invoice: { metadata: fiftyOne } } : { metadata: fiftyOne });
    expect(r.status).toBe(400);

    // A filter with a key that could never be stored: a 400 naming the parameter as sent.
    const f = await api.get(`/api/v1/${plural}?metadata[${'k'.repeat(41)}]=x`);
    expect([f.status, f.json.code, f.json.param]).toEqual([400, 'parameter_invalid', `metadata[${'k'.repeat(41)}]`]);
    const empty = await api.get(`/api/v1/${plural}?metadata[]=x`);
    expect([empty.status, empty.json.param]).toEqual([400, 'metadata[]']);
    const twice = await api.get(`/api/v1/${plural}?metadata[a]=1&metadata[a]=2`);
    expect(twice.status).toBe(400);
    const plainName = await api.get(`/api/v1/${plural}?metadata=x`);
    expect([plainName.status, plainName.json.param]).toEqual([400, 'metadata']);
  });
});

describe('metadata in events', () => {
  it('the created and updated events carry the object with its metadata', async () => {
    const { api, tenantId } = await fresh();
    const c = await kinds[0]!.make(api, 1, { order_ref: 'A-17' });
    await api.patch(`/api/v1/customers/${c.id}`, { metadata: { batch: '7' } });
    const rows = await stack.db.query<{ subject: string; data: { metadata: Record<string, string> } }>(
      `select subject, payload->'data' as data from customers.outbox where tenant_id = $1 order by created_at`,
      [tenantId],
    );
    expect(rows.rows.map((r) => [r.subject, r.data.metadata])).toEqual([
      ['evt.customers.customer.created', { order_ref: 'A-17' }],
      ['evt.customers.customer.updated', { order_ref: 'A-17', batch: '7' }],
    ]);
  });

  it('a PATCH of metadata alone changes a sent invoice, whose other fields stay drafts-only', async () => {
    const { api } = await fresh();
    const inv = await kinds[2]!.make(api, 1, { order_ref: 'A-17' });
    expect((await api.post(`/api/v1/invoices/${inv.id}/send`)).status).toBe(200);
    const tagged = await api.patch(`/api/v1/invoices/${inv.id}`, { metadata: { paid_via: 'wire' } });
    expect([tagged.status, tagged.json.metadata, tagged.json.status]).toEqual([200, { order_ref: 'A-17', paid_via: 'wire' }, 'sent']);
    const mixed = await api.patch(`/api/v1/invoices/${inv.id}`, { metadata: { x: '1' }, notes: 'late' });
    expect([mixed.status, mixed.json.code]).toEqual([409, 'resource_state_invalid']);
    expect((await api.get(`/api/v1/invoices/${inv.id}`)).json.metadata).toEqual({ order_ref: 'A-17', paid_via: 'wire' });
  });
});
