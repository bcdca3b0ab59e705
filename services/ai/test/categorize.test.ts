import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategorizeResult, ExpenseEvents, ExpenseMessages, type Expense, type ExpenseBody, type ExpenseCategory } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { expense, publishEvent, publishExpense } from './support/events.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

/** A new tenant and its categories as the tax service seeded them (by name). */
async function newTenant() {
  const client = stack.client();
  const me = await client.register();
  const list = (await client.get('/api/expense-categories')).json as ExpenseCategory[];
  expect(list.length).toBeGreaterThanOrEqual(12);
  return { client, tenantId: me.organization.id, categories: new Map(list.map((c) => [c.name, c])) };
}

/** An expense saved through the tax service (its events train the model). */
async function saveExpense(c: HttpClient, body: Partial<ExpenseBody> & { description: string }, id?: number): Promise<Expense> {
  const full = { amount: '42.00', date: '2026-05-01', ...body };
  const res = id ? await c.put(`/api/expenses/${id}`, full) : await c.post('/api/expenses', full);
  expect([200, 201], res.text).toContain(res.status);
  return res.json as Expense;
}

const ask = async (c: HttpClient, body: Record<string, unknown>) => {
  const res = await c.post('/api/expenses/categorize', { amount: '120.00', date: '2026-05-02', vendor: null, ...body });
  expect(res.status, res.text).toBe(200);
  return CategorizeResult.parse(res.json);
};

describe('POST /api/expenses/categorize', () => {
  it('reaches the ai service through the gateway (the longer prefix beats tax’s /api/expenses) and answers the contract', async () => {
    const { client, categories } = await newTenant();
    const res = await client.post('/api/expenses/categorize', { description: 'Flight to Berlin', amount: 420, vendor: '', date: '' });
    expect(res.status).toBe(200);
    const r = CategorizeResult.parse(res.json);
    expect(r.source).toBe('local');
    const ids = new Set([...categories.values()].map((c) => c.id));
    expect(ids.has(r.suggested.categoryId)).toBe(true);
    // Up to 3 alternatives, none under 5 % (a brand-new tenant's prior makes "Flight" Travel nearly for sure).
    expect(r.alternatives.length).toBeLessThanOrEqual(3);
    expect(r.alternatives.every((a) => a.confidence >= 0.05)).toBe(true);
    for (const a of r.alternatives) expect(ids.has(a.categoryId)).toBe(true);
    expect(new Set([r.suggested.categoryId, ...r.alternatives.map((a) => a.categoryId)]).size).toBe(1 + r.alternatives.length);
    expect(r.alternatives.every((a) => a.confidence <= r.suggested.confidence)).toBe(true);
    // A route of tax's prefix is not the ai service's.
    const ai = stack.services.ai!.app.routeTable.map((t) => `${t.method} ${t.url}`);
    expect(ai).toContain('POST /api/expenses/categorize');
    expect(ai.some((t) => t === 'GET /api/expenses')).toBe(false);
    const list = await client.get('/api/expenses'); // the shorter prefix still reaches tax
    expect([list.status, Array.isArray(list.json)]).toEqual([200, true]);
  });

  it('refuses a missing description or a missing or zero amount with 400 naming the field', async () => {
    const { client } = await newTenant();
    const cases: [unknown, string][] = [
      [{ amount: '10' }, 'description'],
      [{ description: '   ', amount: '10' }, 'description'],
      [{ description: 'Lunch' }, 'amount'],
      [{ description: 'Lunch', amount: '0' }, 'amount'],
      [{ description: 'Lunch', amount: 0 }, 'amount'],
      [{ description: 'Lunch', amount: '0.00' }, 'amount'],
      [{ description: 'Lunch', amount: 'abc' }, 'amount'],
      [{ description: 'Lunch', amount: '10', date: '2026-02-30' }, 'date'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/expenses/categorize', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const issue = (res.json.issues as { path: string; message: string }[]).find((i) => i.path === field);
      expect(issue, JSON.stringify(res.json)).toBeDefined();
      if (field !== 'date') expect(issue!.message).toBe(ExpenseMessages.missingInfo);
    }
  });

  it('answers a brand-new tenant sensibly from the prior (names and keywords)', async () => {
    const { client } = await newTenant();
    const flight = await ask(client, { description: 'Flight to Berlin' });
    expect(flight.suggested.categoryName).toBe('Travel');
    expect(flight.suggested.reasoning).toBe('“flight” in the description usually means Travel.');
    // No 0 % choices: every alternative offered is 5 % or more.
    expect(flight.alternatives.every((a) => a.confidence >= 0.05)).toBe(true);
    expect((await ask(client, { description: 'Printer paper and toner' })).suggested.categoryName).toBe('Office Supplies');
    expect((await ask(client, { description: 'Lunch with a client', amount: '38.50' })).suggested.categoryName).toBe('Meals');
    expect((await ask(client, { description: 'Professional liability insurance premium' })).suggested.categoryName).toBe('Insurance');
  });

  it('learns from a manual correction at once: the vendor goes where the user put it, and the reasoning names it', async () => {
    const { client, tenantId, categories } = await newTenant();
    const before = await ask(client, { description: 'Monthly retainer', vendor: 'Zephyr Labs' });
    expect(before.suggested.categoryName).not.toBe('Consulting');
    const consulting = categories.get('Consulting')!;
    // The user asked, got another category, and filed it under Consulting: tax records a manual correction.
    const saved = await saveExpense(client, {
      description: 'Monthly retainer',
      vendor: 'Zephyr Labs',
      categoryId: consulting.id,
      suggestedCategoryId: before.suggested.categoryId,
      categoryConfidence: before.suggested.confidence,
    });
    expect(saved.trainingSource).toBe('manual_correction');
    const after = await waitFor(async () => {
      const r = await ask(client, { description: 'April', vendor: 'Zephyr Labs, Inc.' });
      return r.suggested.categoryId === consulting.id && r;
    });
    expect(after.suggested.reasoning).toContain('You filed one expense from Zephyr Labs, Inc. under Consulting.');
    const { rows } = await stack.db.query(
      `select training_source, is_validated, weight::text, category_id::float8 as category_id from ai.expense_category_training where tenant_id = $1`,
      [tenantId],
    );
    expect(rows).toEqual([{ training_source: 'manual_correction', is_validated: true, weight: '3.000', category_id: consulting.id }]);
  });

  it('an update moves the expense’s training to its new category; a delete removes it for good', async () => {
    const { client, tenantId, categories } = await newTenant();
    const rent = categories.get('Rent')!;
    const marketing = categories.get('Marketing')!;
    const e = await saveExpense(client, { description: 'Quarterly fee', vendor: 'Kappa Holdings', categoryId: rent.id });
    const suggestion = () => ask(client, { description: 'Payment', vendor: 'Kappa Holdings' });
    await waitFor(async () => (await suggestion()).suggested.categoryId === rent.id);

    const updated = await saveExpense(client, { description: 'Quarterly fee', vendor: 'Kappa Holdings', categoryId: marketing.id }, e.id);
    const moved = await waitFor(async () => {
      const r = await suggestion();
      return r.suggested.categoryId === marketing.id && r;
    });
    expect(moved.suggested.reasoning).toContain('You filed one expense from Kappa Holdings under Marketing.');
    // An older version arriving late (an out-of-order delivery of the first event) changes nothing.
    await publishExpense(stack.bus, tenantId, { ...e, deleted: false }, ExpenseEvents.Updated);

    expect((await client.delete(`/api/expenses/${e.id}`)).status).toBe(204);
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select deleted from ai.expense_category_training where tenant_id = $1`, [tenantId]);
      return rows[0]?.deleted === true;
    });
    const counts = await stack.db.query(
      `select (select count(*) from ai.token_counts where tenant_id = $1)::int + (select count(*) from ai.vendor_counts where tenant_id = $1)::int
            + (select count(*) from ai.category_totals where tenant_id = $1)::int as n`,
      [tenantId],
    );
    expect(counts.rows[0]?.n).toBe(0);
    expect((await suggestion()).suggested.reasoning).not.toContain('Kappa');
    // A late update after the delete does not bring it back.
    await publishExpense(
      stack.bus,
      tenantId,
      { ...updated, updatedAt: new Date(Date.now() + 60_000).toISOString(), deleted: false },
      ExpenseEvents.Updated,
    );
    const marker = await saveExpense(client, { description: 'Marker', categoryId: rent.id });
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.expense_category_training where tenant_id = $1 and expense_id = $2`, [
        tenantId,
        marker.id,
      ]);
      return rows.length === 1;
    });
    const still = await stack.db.query(
      `select deleted, category_id from ai.expense_category_training where tenant_id = $1 and expense_id = $2`,
      [tenantId, e.id],
    );
    expect(still.rows).toEqual([{ deleted: true, category_id: null }]);
  });

  it('a redelivered event is applied once', async () => {
    const { client, tenantId, categories } = await newTenant();
    const meals = categories.get('Meals')!;
    const e = expense({ description: 'Team lunch', vendor: 'Chipotle', categoryId: meals.id });
    const first = await publishExpense(stack.bus, tenantId, e);
    // The same envelope again under another message id, so the bus delivers it: the consumer must skip it.
    await publishEvent(stack.bus, ExpenseEvents.Created, tenantId, e, { id: first.id, msgId: `${first.id}-again` });
    const marker = await saveExpense(client, { description: 'Marker', categoryId: meals.id });
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.expense_category_training where tenant_id = $1 and expense_id = $2`, [
        tenantId,
        marker.id,
      ]);
      return rows.length === 1;
    });
    const { rows } = await stack.db.query(
      `select (select n from ai.vendor_counts where tenant_id = $1 and vendor_key = 'chipotle') as n,
              (select docs::text from ai.category_totals where tenant_id = $1 and category_id = $2) as docs,
              (select weight::text from ai.token_counts where tenant_id = $1 and token = 'lunch') as lunch`,
      [tenantId, meals.id],
    );
    expect(rows[0]).toEqual({ n: 1, docs: '2.000', lunch: '1.000' });
  });

  it('keeps tenants apart: B never sees A’s categories, vendors or words', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const secret = (await a.client.post('/api/expense-categories', { name: 'Zorblax Ventures', keywords: ['quuxification'] }))
      .json as ExpenseCategory;
    for (let i = 0; i < 3; i++)
      await saveExpense(a.client, { description: 'Quuxification sprocket', vendor: 'Glimmer Inc', categoryId: secret.id });
    const body = { description: 'Quuxification sprocket', vendor: 'Glimmer Inc' };
    await waitFor(async () => (await ask(a.client, body)).suggested.categoryId === secret.id);
    const forB = await ask(b.client, body);
    const text = JSON.stringify(forB);
    expect(text).not.toContain('Zorblax');
    expect(text).not.toContain(String(secret.id));
    expect(forB.suggested.reasoning).not.toContain('You filed');
    const bIds = new Set([...b.categories.values()].map((c) => c.id));
    expect([forB.suggested, ...forB.alternatives].every((s) => bIds.has(s.categoryId))).toBe(true);
  });

  it('a category deleted or archived at tax is never suggested again', async () => {
    const { client, categories } = await newTenant();
    const travel = categories.get('Travel')!;
    expect((await ask(client, { description: 'Flight to Berlin' })).suggested.categoryId).toBe(travel.id);
    expect((await client.delete(`/api/expense-categories/${travel.id}`)).status).toBe(204);
    await waitFor(async () => {
      const r = await ask(client, { description: 'Flight to Berlin' });
      return r.suggested.categoryId !== travel.id && !r.alternatives.some((x) => x.categoryId === travel.id);
    });
  });
});
