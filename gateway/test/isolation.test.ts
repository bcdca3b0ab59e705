import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Customer } from '@billpoint/proto';
import { startStack, type Stack } from './support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('tenant isolation in the database', () => {
  // Every route as tenant B with A's ids: isolation-matrix.test.ts (generated from the route tables).

  it('the database itself refuses: the runtime role sees no rows without app.tenant_id, only its tenant with it', async () => {
    const a = stack.client();
    const me = await a.register();
    await a.post('/api/customers', { name: 'Row', email: 'row@a.test' });
    const other = stack.client();
    await other.register();
    await other.post('/api/customers', { name: 'Other', email: 'o@o.test' });

    const url = new URL(stack.db.url);
    url.username = 'customers_app';
    const app = new pg.Client({ connectionString: url.toString() });
    await app.connect();
    try {
      const role = await app.query(`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`);
      expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
      const owner = await app.query(`select tableowner from pg_tables where schemaname = 'customers' and tablename = 'customers'`);
      expect(owner.rows[0].tableowner).not.toBe('customers_app');

      expect((await app.query('select * from customers.customers')).rowCount).toBe(0);

      await app.query('begin');
      await app.query(`select set_config('app.tenant_id', $1, true)`, [me.organization.id]);
      const mine = await app.query('select name, tenant_id from customers.customers');
      expect(mine.rows).toEqual([{ name: 'Row', tenant_id: me.organization.id }]);
      // Writing a row for another tenant is refused by the policy's WITH CHECK.
      await expect(
        app.query(
          `insert into customers.customers (tenant_id, name, email) values ('00000000-0000-4000-8000-000000000000', 'x', 'x@x.test')`,
        ),
      ).rejects.toThrow(/row-level security/);
      await app.query('rollback');

      // The setting is transaction-local: once committed, the next statement sees nothing again.
      expect((await app.query('select * from customers.customers')).rowCount).toBe(0);
    } finally {
      await app.end();
    }
  });
});

describe('record ids', () => {
  it("tell one organization nothing of another's volume, and lists still come newest first", async () => {
    const a = stack.client();
    await a.register();
    const b = stack.client();
    await b.register();
    const first = (await a.post('/api/customers', { name: 'First', email: 'first@a.test' })).json as Customer;
    for (let n = 0; n < 8; n++) expect((await b.post('/api/customers', { name: `B ${n}`, email: `b${n}@b.test` })).status).toBe(201);
    const second = (await a.post('/api/customers', { name: 'Second', email: 'second@a.test' })).json as Customer;
    for (const id of [first.id, second.id]) {
      expect(id).toBeGreaterThanOrEqual(2 ** 52);
      expect(Number.isSafeInteger(id)).toBe(true);
    }
    // A counter shared by tenants would put exactly B's eight customers between A's two.
    expect(Math.abs(second.id - first.id)).toBeGreaterThan(1_000_000);
    const page = await a.get('/api/customers?pagination=cursor&limit=10');
    expect((page.json as Customer[]).map((c) => c.name)).toEqual(['Second', 'First']);
  });
});

describe('the one-round-trip tenant reader', () => {
  it('sees only the given tenant, and leaves no tenant behind on its pooled connection', async () => {
    const a = stack.client();
    const me = await a.register();
    const row = (await a.post('/api/customers', { name: 'Reader', email: 'r@a.test' })).json as Customer;
    const other = stack.client();
    const them = await other.register();
    const reader = stack.customers.ctx.reader;
    const sql = 'select id, name from customers.customers where id = $1';
    expect(await reader.query(me.organization.id, sql, [row.id])).toEqual([{ id: String(row.id), name: 'Reader' }]);
    expect(await reader.query(them.organization.id, sql, [row.id])).toEqual([]);
    // Quotes in parameters stay data.
    expect(await reader.query(me.organization.id, 'select $1::text as v', ["x'); drop table customers.customers; --"])).toEqual([
      { v: "x'); drop table customers.customers; --" },
    ]);
    expect(await reader.query(me.organization.id, "select current_setting('app.tenant_id', true) as t", [])).toEqual([
      { t: me.organization.id },
    ]);
    await expect(reader.query('not-a-uuid', sql, [row.id])).rejects.toThrow(/uuid/);
  });
});
