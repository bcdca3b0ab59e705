import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DefaultExpenseCategories,
  ExpenseCategoriesListRpc,
  ExpenseCategoryEvents,
  OrganizationEvents,
  type ExpenseCategory,
} from '@billpoint/proto';
import { countTenantRows, waitFor } from '@billpoint/kit/testing';
import { rpcCall, type ServiceContext, type Subscription } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { CategorySetup } from '../src/modules/expense-category/expense-category.seed.ts';
import { categoriesByName, makeExpense, observeEvents, type SeenEvent, ledgerCaughtUp } from './support.ts';

let stack: Stack;
let events: SeenEvent[];
let sub: Subscription;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
  ({ seen: events, sub } = await observeEvents(stack.bus, 'test-category-events', 'evt.tax.expense-category.*'));
});
afterAll(async () => {
  await sub?.stop();
  await stack?.close();
});

const defaultNames = DefaultExpenseCategories.map((c) => c.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
const rowsOf = async (tenantId: string) =>
  (
    await stack.db.query<{ name: string; is_system: boolean }>(
      `select name, is_system from tax.expense_categories where tenant_id = $1 order by lower(name)`,
      [tenantId],
    )
  ).rows;

describe('expense categories', () => {
  it('gives a new organization the default categories once (the organization event), with their colours, as a plain array', async () => {
    const c = stack.client();
    const me = await c.register();
    // The organization event seeds them without any call of the tenant.
    await waitFor(async () => (await rowsOf(me.organization.id)).length === DefaultExpenseCategories.length);
    const res = await c.get('/api/expense-categories');
    expect(res.status).toBe(200);
    const list = res.json as ExpenseCategory[];
    expect(list.map((x) => x.name)).toEqual(defaultNames);
    const travel = list.find((x) => x.name === 'Travel')!;
    expect(travel).toMatchObject({ color: '#F59E0B', isSystem: true, isActive: true, taxDeductible: true, description: null });
    expect(travel.keywords).toContain('hotel');
    expect(await rowsOf(me.organization.id)).toHaveLength(DefaultExpenseCategories.length);
    const created = await waitFor(() => {
      const e = events.filter((x) => x.tenantId === me.organization.id && x.subject === ExpenseCategoryEvents.Created);
      return e.length === DefaultExpenseCategories.length && e;
    });
    expect(created.map((e) => e.data.name).sort()).toEqual([...DefaultExpenseCategories.map((x) => x.name)].sort());
  });

  it('seeds lazily, exactly once, when a tenant the event never reached calls many times at once', async () => {
    const tenantId = randomUUID(); // an organization older than the service: no event will come
    const tax = stack.services.tax!.ctx as ServiceContext;
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => rpcCall(stack.bus, ExpenseCategoriesListRpc, { tenantId })),
      ...Array.from({ length: 4 }, () => new CategorySetup(tax).ensure(tenantId).then(() => null)),
    ]);
    for (const a of answers.filter((x) => x !== null)) expect(a.map((x) => x.name)).toEqual(defaultNames);
    expect(await rowsOf(tenantId)).toHaveLength(DefaultExpenseCategories.length);
    const setup = await stack.db.query<{ n: number }>(`select count(*)::int as n from tax.category_setup where tenant_id = $1`, [tenantId]);
    expect(setup.rows[0]!.n).toBe(1);
    const seededEvents = await stack.db.query<{ n: number }>(`select count(*)::int as n from tax.outbox where tenant_id = $1`, [tenantId]);
    expect(seededEvents.rows[0]!.n).toBe(DefaultExpenseCategories.length);

    // The organization's event arriving late (twice, as at-least-once delivery may) seeds nothing more.
    const id = randomUUID();
    const envelope = {
      id,
      type: OrganizationEvents.Created,
      occurredAt: new Date().toISOString(),
      tenantId,
      actorId: null,
      data: { id: tenantId, name: 'Old Org' },
    };
    for (const msgId of [id, randomUUID()]) await stack.bus.publish(OrganizationEvents.Created, envelope, { msgId });
    // (the category seeding's own consumer; the ledger's organization copy records the event under its own name)
    await waitFor(
      async () =>
        (await stack.db.query(`select 1 from tax.processed_messages where consumer = 'tax-organizations' and message_id = $1`, [id]))
          .rowCount === 1,
    );
    expect(await rowsOf(tenantId)).toHaveLength(DefaultExpenseCategories.length);
    const after = await stack.db.query<{ n: number }>(`select count(*)::int as n from tax.outbox where tenant_id = $1`, [tenantId]);
    expect(after.rows[0]!.n).toBe(DefaultExpenseCategories.length);
  });

  it('creates, refuses a duplicate name (any case) with 409 naming name, edits, and refuses bad input naming the field', async () => {
    const c = stack.client();
    const me = await c.register();
    await categoriesByName(c);
    const res = await c.post('/api/expense-categories', {
      name: ' Coworking ',
      color: '#aabbcc',
      keywords: ['desk'],
      taxDeductible: false,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Coworking',
      color: '#AABBCC',
      keywords: ['desk'],
      taxDeductible: false,
      isSystem: false,
      isActive: true,
    });
    for (const name of ['coworking', 'TRAVEL']) {
      const dup = await c.post('/api/expense-categories', { name });
      expect([dup.status, dup.json.issues?.[0]?.path], name).toEqual([409, 'name']);
    }
    const put = await c.put(`/api/expense-categories/${res.json.id}`, { name: 'Desk rental', color: '#112233' });
    expect(put.json).toMatchObject({ name: 'Desk rental', color: '#112233', keywords: [], taxDeductible: true, description: null });
    const clash = await c.put(`/api/expense-categories/${res.json.id}`, { name: 'meals' });
    expect([clash.status, clash.json.issues[0].path]).toEqual([409, 'name']);

    await ledgerCaughtUp(stack.db, me.organization.id);
    const before = await countTenantRows(stack.db, 'tax', me.organization.id);
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: ' ' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ name: 'x', color: 'blue' }, 'color'],
      [{ name: 'x', taxDeductible: 'yes' }, 'taxDeductible'],
      [{ name: 'x', keywords: 'a,b' }, 'keywords'],
      [{ name: 'x', isSystem: true }, 'isSystem'],
    ];
    for (const [body, field] of cases) {
      const r = await c.post('/api/expense-categories', body);
      expect([r.status, r.json.issues?.[0]?.path], JSON.stringify(body)).toEqual([400, field]);
    }
    expect(await countTenantRows(stack.db, 'tax', me.organization.id)).toEqual(before);
    expect((await c.put('/api/expense-categories/999999', { name: 'x' })).status).toBe(404);
  });

  it('archives a category in use (200, kept on its expenses, name free again) and deletes an unused one (204)', async () => {
    const c = stack.client();
    const me = await c.register();
    const used = (await c.post('/api/expense-categories', { name: 'Parking' })).json as ExpenseCategory;
    const unused = (await c.post('/api/expense-categories', { name: 'Tolls' })).json as ExpenseCategory;
    const expense = await makeExpense(c, { categoryId: used.id });
    await c.delete(`/api/expenses/${expense.id}`); // a deleted expense still names it: its history does

    const archived = await c.delete(`/api/expense-categories/${used.id}`);
    expect([archived.status, archived.json.isActive, archived.json.name]).toEqual([200, false, 'Parking']);
    expect(Object.keys(await categoriesByName(c))).not.toContain('Parking');
    const all = (await c.get('/api/expense-categories?includeArchived=true')).json as ExpenseCategory[];
    expect(all.find((x) => x.id === used.id)).toMatchObject({ isActive: false });
    const refused = await c.post('/api/expenses', { description: 'x', amount: '1', date: '2026-01-01', categoryId: used.id });
    expect([refused.status, refused.json.issues[0].path]).toEqual([400, 'categoryId']);
    expect((await c.post('/api/expense-categories', { name: 'parking' })).status).toBe(201);

    expect((await c.delete(`/api/expense-categories/${unused.id}`)).status).toBe(204);
    const rows = await stack.db.query(`select 1 from tax.expense_categories where tenant_id = $1 and id = $2`, [
      me.organization.id,
      unused.id,
    ]);
    expect(rows.rowCount).toBe(0);
    expect((await c.delete(`/api/expense-categories/${unused.id}`)).status).toBe(404);

    const mine = await waitFor(() => {
      const e = events.filter((x) => x.tenantId === me.organization.id && x.data.name !== undefined);
      const relevant = e.filter((x) => ['Parking', 'Tolls', 'parking'].includes(x.data.name as string));
      return relevant.length >= 5 && relevant;
    });
    expect(mine.map((e) => [e.subject, e.data.name, e.data.isActive])).toEqual([
      [ExpenseCategoryEvents.Created, 'Parking', true],
      [ExpenseCategoryEvents.Created, 'Tolls', true],
      [ExpenseCategoryEvents.Updated, 'Parking', false],
      [ExpenseCategoryEvents.Created, 'parking', true],
      [ExpenseCategoryEvents.Deleted, 'Tolls', false],
    ]);
  });

  it('a category deleted while an expense is saved with it: archived with the expense, or deleted and the expense refused — never a 5xx', async () => {
    const c = stack.client();
    await c.register();
    for (let i = 0; i < 8; i++) {
      const cat = (await c.post('/api/expense-categories', { name: `Race ${i}` })).json as ExpenseCategory;
      const [saved, removed] = await Promise.all([
        c.post('/api/expenses', { description: `Race ${i}`, amount: '5', date: '2026-01-01', categoryId: cat.id }),
        c.delete(`/api/expense-categories/${cat.id}`),
      ]);
      const outcome = `${saved.status}/${removed.status}`;
      expect(['201/200', '400/204'], outcome).toContain(outcome);
      if (saved.status === 400) expect(saved.json.issues[0].path).toBe('categoryId');
    }
  });

  it('answers rpc.tax.expense-category.list with the tenant’s active categories only', async () => {
    const a = stack.client();
    const meA = await a.register();
    const b = stack.client();
    await b.register();
    const own = (await a.post('/api/expense-categories', { name: 'Only A' })).json as ExpenseCategory;
    const gone = (await a.post('/api/expense-categories', { name: 'Archived A' })).json as ExpenseCategory;
    await makeExpense(a, { categoryId: gone.id });
    await a.delete(`/api/expense-categories/${gone.id}`);
    await b.post('/api/expense-categories', { name: 'Only B' });
    const answer = await rpcCall(stack.bus, ExpenseCategoriesListRpc, { tenantId: meA.organization.id });
    const names = answer.map((x) => x.name);
    expect(names).toContain(own.name);
    expect(names).not.toContain('Archived A');
    expect(names).not.toContain('Only B');
    expect(answer).toHaveLength(DefaultExpenseCategories.length + 1);
  });
});
