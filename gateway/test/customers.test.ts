import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerEvents, type Customer } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('customers through the gateway', () => {
  it('creates with the spec defaults, gets, lists newest first, updates and deletes', async () => {
    const c = stack.client();
    await c.register();
    const created = await c.post('/api/customers', {
      name: 'Ada Lovelace',
      email: 'ada@engine.test',
      phone: '+44 20 1234',
      company: 'Analytical Engines',
      taxId: 'GB123',
    });
    expect(created.status).toBe(201);
    const ada = created.json as Customer;
    expect(ada).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@engine.test',
      company: 'Analytical Engines',
      currency: 'USD',
      language: 'en',
      paymentTerms: 30,
      customerType: 'business',
      isActive: true,
      tags: [],
      creditLimit: null,
    });
    expect(typeof ada.id).toBe('number');
    expect(new Date(ada.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const second = (await c.post('/api/customers', { name: 'Grace Hopper', email: 'grace@navy.test' })).json as Customer;

    const got = await c.get(`/api/customers/${ada.id}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(ada);

    const list = await c.get('/api/customers');
    expect(list.status).toBe(200);
    expect((list.json as Customer[]).map((x) => x.id)).toEqual([second.id, ada.id]);
    expect(list.headers.get('x-total-count')).toBe('2');

    const updated = await c.put(`/api/customers/${ada.id}`, {
      name: 'Ada King',
      email: 'ada@engine.test',
      customerType: 'individual',
      paymentTerms: 'soon',
      creditLimit: '2500.5',
      isActive: false,
      website: 'https://engine.test',
      tags: ['vip'],
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      name: 'Ada King',
      customerType: 'individual',
      paymentTerms: 0,
      creditLimit: '2500.50',
      isActive: false,
      tags: ['vip'],
      phone: '+44 20 1234',
    });

    expect((await c.delete(`/api/customers/${ada.id}`)).status).toBe(204);
    expect((await c.get(`/api/customers/${ada.id}`)).status).toBe(404);
    expect((await c.delete(`/api/customers/${ada.id}`)).status).toBe(404);
    expect(((await c.get('/api/customers')).json as Customer[]).map((x) => x.id)).toEqual([second.id]);
  });

  it('searches name, e-mail and company case-insensitively, and pages', async () => {
    const c = stack.client();
    await c.register();
    await c.post('/api/customers', { name: 'Northwind Traders', email: 'orders@northwind.test' });
    await c.post('/api/customers', { name: 'Jane Roe', email: 'jane@ROE.test', company: 'Contoso' });
    await c.post('/api/customers', { name: 'John 100%', email: 'john@x.test' });
    const names = async (q: string) =>
      ((await c.get(`/api/customers?search=${encodeURIComponent(q)}`)).json as Customer[]).map((x) => x.name).sort();
    expect(await names('NORTH')).toEqual(['Northwind Traders']);
    expect(await names('roe.TEST')).toEqual(['Jane Roe']);
    expect(await names('contoso')).toEqual(['Jane Roe']);
    expect(await names('o')).toEqual(['Jane Roe', 'John 100%', 'Northwind Traders']);
    expect(await names('100%')).toEqual(['John 100%']);
    expect(await names('%')).toEqual(['John 100%']);
    expect(await names('zzz')).toEqual([]);

    const page = await c.get('/api/customers?limit=2&offset=1');
    expect((page.json as Customer[]).length).toBe(2);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((await c.get('/api/customers?limit=0')).status).toBe(400);
  });

  it('answers the spec validation messages', async () => {
    const c = stack.client();
    await c.register();
    const noName = await c.post('/api/customers', { email: 'x@y.test' });
    expect(noName.status).toBe(400);
    expect(noName.json.issues).toContainEqual({ path: 'name', message: 'Name is required' });
    const badEmail = await c.post('/api/customers', { name: 'X', email: 'not-an-email' });
    expect(badEmail.json.issues).toContainEqual({ path: 'email', message: 'Valid email is required' });

    const id = ((await c.post('/api/customers', { name: 'Y', email: 'y@y.test' })).json as Customer).id;
    const bad = await c.put(`/api/customers/${id}`, { name: '  ', email: 'nope', customerType: 'alien', paymentTerms: -3 });
    expect(bad.status).toBe(400);
    expect(bad.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Valid email is required' },
        { path: 'customerType', message: 'Customer type must be individual or business' },
        { path: 'paymentTerms', message: 'Payment terms must be at least 0' },
      ]),
    );
    const js = await c.put(`/api/customers/${id}`, { name: 'Y', email: 'y@y.test', website: 'javascript:alert(1)' });
    expect(js.json.issues).toContainEqual({ path: 'website', message: 'Website must be an http or https address' });
    expect((await c.get(`/api/customers/${id}`)).json).toMatchObject({ name: 'Y', website: null });
  });

  it('puts created, updated and deleted events through the outbox onto the bus', async () => {
    const seen: { subject: string; data: any }[] = [];
    const sub = await stack.bus.subscribe({ durable: 'test-observer', subject: 'evt.customers.>' }, async (m) => {
      seen.push({ subject: m.subject, data: m.data });
    });
    const c = stack.client();
    const me = await c.register();
    const id = ((await c.post('/api/customers', { name: 'Evt', email: 'evt@x.test' })).json as Customer).id;
    await c.put(`/api/customers/${id}`, { name: 'Evt 2', email: 'evt@x.test' });
    await c.delete(`/api/customers/${id}`);
    const mine = () => seen.filter((e) => e.data.tenantId === me.organization.id);
    await waitFor(() => mine().length === 3);
    expect(mine().map((e) => e.subject)).toEqual([CustomerEvents.Created, CustomerEvents.Updated, CustomerEvents.Deleted]);
    expect(mine()[0]!.data).toMatchObject({
      type: CustomerEvents.Created,
      tenantId: me.organization.id,
      actorId: me.id,
      data: { id, name: 'Evt' },
    });
    expect(mine()[2]!.data.data).toEqual({ id });
    await sub.stop();
  });
});
