import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@billpoint/proto';
import { startStack, type Stack } from './support/stack.ts';
import type { HttpClient } from '@billpoint/kit/testing';

let stack: Stack;
let c: HttpClient;
let existing: Customer;
beforeAll(async () => {
  stack = await startStack();
  c = stack.client();
  await c.register();
  existing = (await c.post('/api/customers', { name: 'Keep', email: 'keep@x.test', phone: '123' })).json as Customer;
});
afterAll(() => stack?.close());

const count = async () => Number((await stack.db.query<{ n: string }>('select count(*) as n from customers.customers')).rows[0]!.n);
const MB = 'x'.repeat(1_000_000);

const cases: [string, unknown, string][] = [
  ['a number for a name', { name: 42, email: 'a@b.test' }, 'name'],
  ['an object for an email', { name: 'A', email: { $ne: '' } }, 'email'],
  ['a missing email', { name: 'A' }, 'email'],
  ['a missing name', { email: 'a@b.test' }, 'name'],
  ['a 1 MB name', { name: MB, email: 'a@b.test' }, 'name'],
  ['a 1 MB address', { name: 'A', email: 'a@b.test', address: MB }, 'address'],
  ['an unknown field', { name: 'A', email: 'a@b.test', tenantId: '00000000-0000-4000-8000-000000000000' }, 'tenantId'],
  ['tags that are not a list', { name: 'A', email: 'a@b.test', tags: 'vip' }, 'tags'],
  ['a boolean as a string', { name: 'A', email: 'a@b.test', isActive: 'yes' }, 'isActive'],
  ['a negative credit limit', { name: 'A', email: 'a@b.test', creditLimit: '-5' }, 'creditLimit'],
  ['a credit limit with 3 decimals', { name: 'A', email: 'a@b.test', creditLimit: 1.005 }, 'creditLimit'],
  ['a currency that is no code', { name: 'A', email: 'a@b.test', currency: 'dollars' }, 'currency'],
];

describe('bad input never reaches the database and never makes a 5xx', () => {
  it.each(cases)('create with %s → 400 naming the field', async (_label, body, field) => {
    const before = await count();
    const res = await c.post('/api/customers', body);
    expect(res.status).toBe(400);
    expect(res.json.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(res.json.message.length).toBeLessThan(300);
    expect(await count()).toBe(before);
  });

  it.each(cases.filter(([l]) => !l.startsWith('a missing')))(
    'update with %s → 400 naming the field, row unchanged',
    async (_label, body, field) => {
      const res = await c.put(`/api/customers/${existing.id}`, body);
      expect(res.status).toBe(400);
      expect(res.json.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect((await c.get(`/api/customers/${existing.id}`)).json).toEqual(existing);
    },
  );

  it('malformed JSON → 400', async () => {
    const before = await count();
    const res = await c.post('/api/customers', '{"name": "A", "email": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a body that is not an object → 400', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await c.post('/api/customers', body, { 'content-type': 'application/json' });
      expect(res.status, body).toBe(400);
    }
  });

  it('a non-JSON content type → 415', async () => {
    const res = await c.post('/api/customers', 'name=A&email=a@b.test', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
  });

  it('bad ids and query parameters → 400 or 404, never 5xx', async () => {
    expect((await c.get('/api/customers/abc')).status).toBe(400);
    expect((await c.get('/api/customers/-1')).status).toBe(400);
    expect((await c.get('/api/customers/99999999999999999999')).status).toBe(400);
    expect((await c.get('/api/customers/1.5')).status).toBe(400);
    expect((await c.get('/api/customers/999999')).status).toBe(404);
    expect((await c.get('/api/customers?limit=abc')).status).toBe(400);
    expect((await c.get(`/api/customers?search=${'s'.repeat(300)}`)).status).toBe(400);
    expect((await c.get("/api/customers?search=' or 1=1 --")).status).toBe(200);
  });

  it('text no database can store faithfully and absurd nesting → 400 naming the field, nothing stored', async () => {
    const before = await count();
    const path = async (body: string) => {
      const res = await c.post('/api/customers', body, { 'content-type': 'application/json' });
      expect(res.status, res.text).toBe(400);
      return res.json.issues.map((i: { path: string }) => i.path);
    };
    expect(await path('{"name":"a\\u0000b","email":"a@b.test"}')).toEqual(['name']); // was a 500
    expect(await path('{"name":"A","email":"a@b.test","tags":["ok","\\ud800"]}')).toEqual(['tags.1']); // was a 500 (jsonb)
    expect(await path(`{"name":"A","email":"a@b.test","paymentTerms":${'['.repeat(5000)}${']'.repeat(5000)}}`)).toHaveLength(1); // was a 500
    expect(await count()).toBe(before);
    expect((await c.get('/api/customers?search=%00')).status).toBe(400); // was a 503
  });

  it('broken UTF-8 in a body or a query → 400 naming the field, nothing stored; valid text (U+FFFD, emoji, CJK) kept', async () => {
    const before = await count();
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
    const create = (body: Buffer) => c.raw('POST', '/api/customers', body, { 'content-type': 'application/json' });
    const name = await create(bytes('{"name":"a', [0xc3, 0x28], 'b","email":"broken@x.test"}')); // was a 201 storing "a\ufffd(b"
    expect(name.status, name.text).toBe(400);
    expect(name.json.issues).toEqual([{ path: 'name', message: 'name: Text must be valid UTF-8' }]);
    const tag = await create(bytes('{"name":"A","email":"broken@x.test","tags":["ok","', [0xed, 0xa0, 0x80], '"]}'));
    expect(tag.status, tag.text).toBe(400);
    expect(tag.json.issues.map((i: { path: string }) => i.path)).toEqual(['tags.1']);
    const update = await c.raw('PUT', `/api/customers/${existing.id}`, bytes('{"notes":"', [0xff], '"}'), {
      'content-type': 'application/json',
    });
    expect(update.status, update.text).toBe(400);
    expect((await c.get(`/api/customers/${existing.id}`)).json).toEqual(existing);
    expect(await count()).toBe(before);
    const search = await c.get('/api/customers?search=a%C3%28b');
    expect(search.status, search.text).toBe(400);
    expect(search.json.issues.map((i: { path: string }) => i.path)).toEqual(['search']);

    const text = 'Zoë 😀 請求書 \ufffd';
    const ok = await c.raw('POST', '/api/customers', Buffer.from(JSON.stringify({ name: text, email: 'fine@x.test' }), 'utf8'), {
      'content-type': 'application/json',
    });
    expect(ok.status, ok.text).toBe(201);
    expect((ok.json as Customer).name).toBe(text);
    expect((await c.get(`/api/customers?search=${encodeURIComponent('請求書')}`)).status).toBe(200);
  });

  it("broken UTF-8 in the gateway's own routes (register, organization settings) → 400 naming the field", async () => {
    const anon = stack.client();
    /** JSON text with the bytes C3 28 (not UTF-8) where `@@` is. */
    const body = (json: string) =>
      Buffer.concat(json.split('@@').flatMap((part, i) => (i ? [Buffer.from([0xc3, 0x28]), Buffer.from(part)] : [Buffer.from(part)])));
    const reg = await anon.raw(
      'POST',
      '/api/auth/register',
      body('{"email":"utf8@x.test","password":"correct horse battery","firstName":"A@@","lastName":"B","organizationName":"C"}'),
      { 'content-type': 'application/json' },
    );
    expect(reg.status, reg.text).toBe(400);
    expect(reg.json.issues.map((i: { path: string }) => i.path)).toEqual(['firstName']);
    expect((await stack.db.query(`select 1 from gateway.users where email = 'utf8@x.test'`)).rows).toHaveLength(0);
    const before = (await c.get('/api/organization-settings')).json;
    const settings = await c.raw('POST', '/api/organization-settings', body('{"companyName":"Zo@@"}'), {
      'content-type': 'application/json',
    });
    expect(settings.status, settings.text).toBe(400);
    expect(settings.json.issues.map((i: { path: string }) => i.path)).toEqual(['companyName']);
    expect((await c.get('/api/organization-settings')).json).toEqual(before);
    const fine = await c.raw('POST', '/api/organization-settings', Buffer.from(JSON.stringify({ companyName: 'Zoë 😀 \ufffd' }), 'utf8'), {
      'content-type': 'application/json',
    });
    expect(fine.status, fine.text).toBe(200);
    expect(fine.json.companyName).toBe('Zoë 😀 \ufffd');
  });

  it('bad register and login bodies → 400 naming the field', async () => {
    const anon = stack.client();
    const reg = await anon.post('/api/auth/register', {
      email: 'x@y.test',
      password: MB,
      firstName: 'A',
      lastName: 'B',
      organizationName: 'C',
    });
    expect(reg.status).toBe(400);
    expect(reg.json.issues.map((i: { path: string }) => i.path)).toContain('password');
    const login = await anon.post('/api/auth/login', { email: ['x'], password: 1 });
    expect(login.status).toBe(400);
    expect(login.json.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['email', 'password']));
    expect((await anon.post('/api/auth/login', '{oops', { 'content-type': 'application/json' })).status).toBe(400);
  });
});
