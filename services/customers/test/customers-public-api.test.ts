/** The routes the public API forwards to: cursor pages of GET /api/customers and PATCH /api/customers/:id. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerEvents, HAS_MORE_HEADER, type Customer } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

type Client = ReturnType<Stack['client']>;
const make = async (c: Client, name: string, o: Record<string, unknown> = {}) => {
  const res = await c.post('/api/customers', { name, email: `${name.toLowerCase().replace(/\W/g, '')}@cursor.test`, ...o });
  if (res.status !== 201) throw new Error(`customer create failed: ${res.status} ${res.text}`);
  return res.json as Customer;
};
const page = async (c: Client, q: string) => {
  const res = await c.get(`/api/customers?pagination=cursor&${q}`);
  expect(res.status, res.text).toBe(200);
  return {
    ids: (res.json as Customer[]).map((x) => x.id),
    hasMore: res.headers.get(HAS_MORE_HEADER),
    total: res.headers.get('x-total-count'),
  };
};
const outboxCount = async (tenantId: string, subject: string) =>
  Number(
    (
      await stack.db.query<{ n: string }>('select count(*) as n from customers.outbox where tenant_id = $1 and subject = $2', [
        tenantId,
        subject,
      ])
    ).rows[0]!.n,
  );

describe('GET /api/customers?pagination=cursor', () => {
  it('walks every customer once, newest first; one created between two pages is on neither; x-has-more is right', async () => {
    const c = stack.client();
    await c.register();
    const made: Customer[] = [];
    for (let n = 1; n <= 5; n++) made.push(await make(c, `Walker ${n}`));
    const newestFirst = made.map((x) => x.id).reverse();

    const first = await page(c, 'limit=2');
    expect(first).toEqual({ ids: newestFirst.slice(0, 2), hasMore: 'true', total: null });
    const late = await make(c, 'Walker late'); // newer than every one listed: never on a later page
    const second = await page(c, `limit=2&starting_after=${first.ids.at(-1)}`);
    expect(second).toMatchObject({ ids: newestFirst.slice(2, 4), hasMore: 'true' });
    const third = await page(c, `limit=2&starting_after=${second.ids.at(-1)}`);
    expect(third).toMatchObject({ ids: newestFirst.slice(4), hasMore: 'false' });
    expect([...first.ids, ...second.ids, ...third.ids]).toEqual(newestFirst);

    // Backwards from the oldest: the newer ones, still newest first; the late one is there now.
    expect(await page(c, `limit=10&ending_before=${newestFirst[3]}`)).toMatchObject({
      ids: [late.id, ...newestFirst.slice(0, 3)],
      hasMore: 'false',
    });
    expect(await page(c, `limit=2&ending_before=${newestFirst[3]}`)).toMatchObject({ ids: newestFirst.slice(1, 3), hasMore: 'true' });
    // 10 a page unless limit says; exactly limit items left → no more.
    expect(await page(c, '')).toMatchObject({ ids: [late.id, ...newestFirst], hasMore: 'false' });
    expect(await page(c, 'limit=6')).toMatchObject({ hasMore: 'false' });
    expect(await page(c, 'limit=5')).toMatchObject({ hasMore: 'true' });
  });

  it('filters by search in cursor mode, skips deleted customers, and keeps offset paging without it', async () => {
    const c = stack.client();
    await c.register();
    const ada = await make(c, 'Ada Search', { company: 'Engines Ltd' });
    await make(c, 'Bob Other');
    const ann = await make(c, 'Ann Search');
    const gone = await make(c, 'Gone Search');
    expect((await c.delete(`/api/customers/${gone.id}`)).status).toBe(204);
    expect(await page(c, 'search=SEARCH&limit=1')).toMatchObject({ ids: [ann.id], hasMore: 'true' });
    expect(await page(c, `search=search&limit=1&starting_after=${ann.id}`)).toMatchObject({ ids: [ada.id], hasMore: 'false' });
    expect(await page(c, 'search=engines')).toMatchObject({ ids: [ada.id], hasMore: 'false' });

    const offset = await c.get('/api/customers?limit=1&offset=1');
    expect(offset.headers.get('x-total-count')).toBe('3');
    expect(offset.headers.get(HAS_MORE_HEADER)).toBeNull();
    expect((offset.json as Customer[]).map((x) => x.name)).toEqual(['Bob Other']);
  });

  it('refuses both cursors, a bad cursor or limit with a 400 naming it, and sees no other tenant’s customers', async () => {
    const c = stack.client();
    await c.register();
    const mine = await make(c, 'Mine');
    const other = stack.client();
    await other.register();
    const theirs = await make(other, 'Theirs');
    const issue = async (q: string) => {
      const res = await c.get(`/api/customers?pagination=cursor&${q}`);
      expect(res.status, q).toBe(400);
      return res.json.issues.map((i: { path: string }) => i.path);
    };
    expect(await issue(`starting_after=${mine.id}&ending_before=${mine.id}`)).toEqual(['ending_before']);
    expect(await issue('starting_after=abc')).toEqual(['starting_after']);
    expect(await issue('ending_before=-1')).toEqual(['ending_before']);
    expect(await issue('limit=0')).toEqual(['limit']);
    expect(await issue('pagination=pages')).toContain('pagination');
    // Another tenant's id places no cursor: refused exactly as an id nobody has, so it tells nothing of that tenant.
    expect(await issue(`ending_before=${theirs.id}`)).toEqual(['ending_before']);
    expect(await issue(`starting_after=${theirs.id}`)).toEqual(['starting_after']);
    const foreign = await c.get(`/api/customers?pagination=cursor&starting_after=${theirs.id}`);
    const unknown = await c.get(`/api/customers?pagination=cursor&starting_after=${theirs.id + 1}`);
    expect(foreign.json.message.replace(String(theirs.id), 'ID')).toBe(unknown.json.message.replace(String(theirs.id + 1), 'ID'));
    expect(await page(c, 'limit=10')).toMatchObject({ ids: [mine.id] });
  });
});

describe('PATCH /api/customers/:id', () => {
  it('changes only the fields sent, answers the customer, writes customer.updated to the outbox', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const before = await make(c, 'Patchy', { phone: '+1 555 0100', company: 'Old Co', tags: ['a'], paymentTerms: 14 });
    const res = await c.patch(`/api/customers/${before.id}`, { company: 'New Co', creditLimit: '250.5' });
    expect(res.status, res.text).toBe(200);
    const { updatedAt: _u1, ...rest } = before;
    expect(res.json).toMatchObject({ ...rest, company: 'New Co', creditLimit: '250.50', updatedAt: expect.any(String) });
    expect((await c.get(`/api/customers/${before.id}`)).json).toEqual(res.json);
    expect(await outboxCount(organization.id, CustomerEvents.Updated)).toBe(1);

    // null clears an optional field; the others stay.
    const cleared = await c.patch(`/api/customers/${before.id}`, { phone: null, isActive: false });
    expect(cleared.json).toMatchObject({ phone: null, isActive: false, company: 'New Co', name: 'Patchy', tags: ['a'], paymentTerms: 14 });
    expect(await outboxCount(organization.id, CustomerEvents.Updated)).toBe(2);

    // Nothing sent: nothing changes, no event.
    const same = await c.patch(`/api/customers/${before.id}`, {});
    expect(same.json).toEqual(cleared.json);
    expect(await outboxCount(organization.id, CustomerEvents.Updated)).toBe(2);
  });

  it('refuses bad or unknown fields with a 400 naming them and changes nothing; another tenant’s id is a 404', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const customer = await make(c, 'Strict');
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '' }, 'name'],
      [{ name: null }, 'name'],
      [{ currency: 'EURO' }, 'currency'],
      [{ creditLimit: '-5' }, 'creditLimit'],
      [{ customerType: 'company' }, 'customerType'],
      [{ tags: 'vip' }, 'tags'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ company: 'Fine', nickname: 'x' }, 'nickname'],
    ];
    for (const [body, field] of cases) {
      const res = await c.patch(`/api/customers/${customer.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await c.get(`/api/customers/${customer.id}`)).json).toEqual(customer);
    expect(await outboxCount(organization.id, CustomerEvents.Updated)).toBe(0);

    const other = stack.client();
    await other.register();
    const res = await other.patch(`/api/customers/${customer.id}`, { name: 'Hijack' });
    expect(res.status).toBe(404);
    expect((await other.patch('/api/customers/999999999', { name: 'Nobody' })).status).toBe(404);
    expect((await c.get(`/api/customers/${customer.id}`)).json).toEqual(customer);
  });
});
