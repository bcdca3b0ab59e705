/** The routes the public API forwards to: cursor pages of GET /api/products and PATCH /api/products/:id. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_MORE_HEADER, ProductEvents, type Product } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeProduct } from './support.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

type Client = ReturnType<Stack['client']>;
const page = async (c: Client, q: string) => {
  const res = await c.get(`/api/products?pagination=cursor&${q}`);
  expect(res.status, res.text).toBe(200);
  return {
    ids: (res.json as Product[]).map((x) => x.id),
    hasMore: res.headers.get(HAS_MORE_HEADER),
    total: res.headers.get('x-total-count'),
  };
};
const updatedEvents = async (tenantId: string) =>
  Number(
    (
      await stack.db.query<{ n: string }>('select count(*) as n from catalog.outbox where tenant_id = $1 and subject = $2', [
        tenantId,
        ProductEvents.Updated,
      ])
    ).rows[0]!.n,
  );
const paths = (res: { json: { issues?: { path: string }[] } }) => (res.json.issues ?? []).map((i) => i.path);

describe('GET /api/products?pagination=cursor', () => {
  it('walks every product once, newest first; one created between two pages is on neither; x-has-more is right', async () => {
    const c = stack.client();
    await c.register();
    const made: Product[] = [];
    for (let n = 1; n <= 5; n++) made.push(await makeProduct(c, { name: `Walker ${n}` }));
    const newestFirst = made.map((x) => x.id).reverse();

    const first = await page(c, 'limit=2');
    expect(first).toEqual({ ids: newestFirst.slice(0, 2), hasMore: 'true', total: null });
    const late = await makeProduct(c, { name: 'Walker late' });
    const second = await page(c, `limit=2&starting_after=${first.ids.at(-1)}`);
    const third = await page(c, `limit=2&starting_after=${second.ids.at(-1)}`);
    expect([second.hasMore, third.hasMore]).toEqual(['true', 'false']);
    expect([...first.ids, ...second.ids, ...third.ids]).toEqual(newestFirst);

    expect(await page(c, `limit=10&ending_before=${newestFirst[2]}`)).toMatchObject({
      ids: [late.id, ...newestFirst.slice(0, 2)],
      hasMore: 'false',
    });
    expect(await page(c, `limit=1&ending_before=${newestFirst[2]}`)).toMatchObject({ ids: [newestFirst[1]], hasMore: 'true' });
    expect(await page(c, '')).toMatchObject({ ids: [late.id, ...newestFirst], hasMore: 'false' });
  });

  it('filters by search, leaves deleted products out, keeps offset paging without it, and refuses both cursors', async () => {
    const c = stack.client();
    await c.register();
    const a = await makeProduct(c, { name: 'Alpha gadget', sku: 'GAD-1' });
    await makeProduct(c, { name: 'Beta thing' });
    const b = await makeProduct(c, { name: 'Gamma', sku: 'GAD-2' });
    const gone = await makeProduct(c, { name: 'Gone gadget' });
    expect((await c.delete(`/api/products/${gone.id}`)).status).toBe(204);
    expect(await page(c, 'search=gad&limit=1')).toMatchObject({ ids: [b.id], hasMore: 'true' });
    expect(await page(c, `search=gad&limit=1&starting_after=${b.id}`)).toMatchObject({ ids: [a.id], hasMore: 'false' });

    const offset = await c.get('/api/products?limit=1&offset=2');
    expect([offset.headers.get('x-total-count'), (offset.json as Product[]).map((p) => p.name)]).toEqual(['3', ['Alpha gadget']]);
    expect(offset.headers.get(HAS_MORE_HEADER)).toBeNull();

    const both = await c.get(`/api/products?pagination=cursor&starting_after=${b.id}&ending_before=${a.id}`);
    expect([both.status, paths(both)]).toEqual([400, ['ending_before']]);
    const bad = await c.get('/api/products?pagination=cursor&starting_after=x');
    expect([bad.status, paths(bad)]).toEqual([400, ['starting_after']]);

    const other = stack.client();
    await other.register();
    expect(await page(other, `search=gad`)).toMatchObject({ ids: [], hasMore: 'false' });
  });
});

describe('PATCH /api/products/:id', () => {
  it('changes only the fields sent and writes product.updated; nothing sent changes nothing', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const p = await makeProduct(c, {
      name: 'Desk',
      sku: 'DESK-1',
      price: '120.00',
      taxRate: '20',
      category: 'Hardware',
      trackInventory: true,
      stockQuantity: 7,
      lowStockThreshold: 2,
    });
    const res = await c.patch(`/api/products/${p.id}`, { price: '99.5', description: 'Oak' });
    expect(res.status, res.text).toBe(200);
    const { updatedAt: _u, ...rest } = p;
    expect(res.json).toMatchObject({ ...rest, price: '99.50', description: 'Oak' });
    expect((await c.get(`/api/products/${p.id}`)).json).toEqual(res.json);
    expect(await updatedEvents(organization.id)).toBe(1);

    const off = await c.patch(`/api/products/${p.id}`, { isActive: false, category: null });
    expect(off.json).toMatchObject({ isActive: false, category: null, price: '99.50', stockQuantity: 7, sku: 'DESK-1', taxRate: '20.00' });
    expect(await updatedEvents(organization.id)).toBe(2);
    expect((await c.patch(`/api/products/${p.id}`, {})).json).toEqual(off.json);
    expect((await c.patch(`/api/products/${p.id}`, { isActive: false })).json).toEqual(off.json); // no change: no event
    expect(await updatedEvents(organization.id)).toBe(2);
  });

  it('checks the price’s decimals against the currency sent or stored (JPY has none): 400 naming price, nothing written', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const usd = await makeProduct(c, { name: 'Pen', price: '12.50' });
    const yen = await makeProduct(c, { name: 'Tea', price: '1500', currency: 'JPY' });
    const refused: [number, object][] = [
      [yen.id, { price: '1500.50' }], // stored JPY
      [usd.id, { currency: 'JPY' }], // stored 12.50
      [usd.id, { currency: 'JPY', price: '3.10' }], // both sent
    ];
    for (const [id, body] of refused) {
      const res = await c.patch(`/api/products/${id}`, body);
      expect([res.status, res.json.issues], JSON.stringify(body)).toEqual([
        400,
        [{ path: 'price', message: 'JPY prices have no decimals' }],
      ]);
    }
    expect((await c.get(`/api/products/${usd.id}`)).json).toEqual(usd);
    expect((await c.get(`/api/products/${yen.id}`)).json).toEqual(yen);
    expect(await updatedEvents(organization.id)).toBe(0);

    expect((await c.patch(`/api/products/${usd.id}`, { currency: 'JPY', price: '1800' })).json).toMatchObject({
      currency: 'JPY',
      price: '1800',
    });
    expect((await c.patch(`/api/products/${yen.id}`, { currency: 'EUR' })).json).toMatchObject({ currency: 'EUR', price: '1500.00' });
  });

  it('refuses bad and unknown fields naming them, a taken SKU with 409 resource_already_exists; another tenant’s id is a 404', async () => {
    const c = stack.client();
    await c.register();
    await makeProduct(c, { sku: 'TAKEN' });
    const p = await makeProduct(c, { name: 'Lamp', sku: 'LAMP' });
    const cases: [object, string][] = [
      [{ name: '' }, 'name'],
      [{ price: '-1' }, 'price'],
      [{ price: null }, 'price'],
      [{ currency: 'CHF' }, 'currency'],
      [{ taxRate: '101' }, 'taxRate'],
      [{ category: 'Food' }, 'category'],
      [{ lowStockThreshold: 1.5 }, 'lowStockThreshold'],
      [{ stockQuantity: 5 }, 'stockQuantity'], // stock moves through stock adjustments
      [{ name: 'Fine', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await c.patch(`/api/products/${p.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(paths(res)).toContain(field);
    }
    const dup = await c.patch(`/api/products/${p.id}`, { sku: 'taken' });
    expect([dup.status, dup.json.message, dup.json.code]).toEqual([
      409,
      'A product with SKU taken already exists',
      'resource_already_exists',
    ]);
    expect((await c.get(`/api/products/${p.id}`)).json).toEqual(p);

    const other = stack.client();
    await other.register();
    expect((await other.patch(`/api/products/${p.id}`, { name: 'Hijack' })).status).toBe(404);
    expect((await other.patch(`/api/products/${p.id}`, {})).status).toBe(404);
    expect((await c.get(`/api/products/${p.id}`)).json).toEqual(p);
  });
});
