import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiInsight } from '@billpoint/proto';
import { ExpenseEvents, InsightList, InvoiceEvents, RecommendationList, RecurringEvents, type InvoiceEventData } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { expense, publishEvent, publishExpense } from './support/events.ts';
import { at, day, invoice, schedule } from './support/facts.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

async function tenant() {
  const client = stack.client();
  const me = await client.register();
  return { client, tenantId: me.organization.id as string };
}

/** Publishes invoices as billing's outbox would, and waits until the ai service holds them all. */
async function invoices(tenantId: string, list: InvoiceEventData[]) {
  for (const i of list) await publishEvent(stack.bus, i.status === 'paid' ? InvoiceEvents.Paid : InvoiceEvents.Created, tenantId, i);
  await settled('invoice_facts', tenantId, list.length);
}
async function settled(table: string, tenantId: string, n: number) {
  await waitFor(async () => {
    const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from ai.${table} where tenant_id = $1`, [tenantId]);
    return rows[0]!.n >= n;
  });
}
async function refresh(c: HttpClient) {
  const res = await c.post('/api/ai/insights/refresh', {});
  expect(res.status, res.text).toBe(200);
  return InsightList.parse(res.json);
}
const rule = (l: InsightList, r: AiInsight['rule']) => l.insights.filter((i) => i.rule === r);
const paid = (customerId: number, total: string, issued: number, paidDaysAgo: number) =>
  invoice({ customerId, total, status: 'paid', issueDate: day(-issued), paidAt: at(-paidDaysAgo) });

describe('AI insights from the tenant’s facts', () => {
  it('starts empty, with the template summary, and refreshes to an empty list', async () => {
    const { client } = await tenant();
    const first = InsightList.parse((await client.get('/api/ai/insights')).json);
    expect([first.insights, first.generatedAt, first.summarySource]).toEqual([[], null, 'template']);
    const r = await refresh(client);
    expect(r.insights).toEqual([]);
    expect(r.generatedAt).not.toBeNull();
  });

  it('revenue trend: up and down by 10 % or more trigger; a 5 % change does not', async () => {
    const up = await tenant();
    await invoices(up.tenantId, [paid(1, '100.00', 45, 40), paid(2, '250.00', 10, 5)]);
    const [u] = rule(await refresh(up.client), 'revenue_trend');
    expect(u).toMatchObject({ type: 'trend', title: 'Revenue up 150% in USD', estimatedValue: { amount: '150.00', currency: 'USD' } });

    const down = await tenant();
    await invoices(down.tenantId, [paid(1, '400.00', 45, 40), paid(2, '100.00', 10, 5)]);
    const [d] = rule(await refresh(down.client), 'revenue_trend');
    expect(d).toMatchObject({ type: 'warning', impact: 'high', priority: 8, estimatedValue: { amount: '300.00', currency: 'USD' } });

    const flat = await tenant();
    await invoices(flat.tenantId, [paid(1, '100.00', 45, 40), paid(2, '105.00', 10, 5)]);
    expect(rule(await refresh(flat.client), 'revenue_trend')).toEqual([]);
  });

  it('overdue concentration: two overdue invoices of one customer trigger; five customers with one each do not', async () => {
    const a = await tenant();
    await invoices(a.tenantId, [
      invoice({ customerId: 7, total: '300.00', status: 'overdue', dueDate: day(-10) }),
      invoice({ customerId: 7, total: '200.00', status: 'sent', dueDate: day(-3) }),
    ]);
    const [o] = rule(await refresh(a.client), 'overdue_concentration');
    expect(o).toMatchObject({ priority: 8, category: 'cash_flow', estimatedValue: { amount: '500.00', currency: 'USD' } });
    expect(o!.recommendation).toContain('Customer 7');

    const b = await tenant();
    await invoices(
      b.tenantId,
      [1, 2, 3, 4, 5].map((c) => invoice({ customerId: c, total: '100.00', status: 'overdue', dueDate: day(-5) })),
    );
    expect(rule(await refresh(b.client), 'overdue_concentration')).toEqual([]);
  });

  it('a customer paying later and later triggers (10, 20, 35 days); one paying sooner does not', async () => {
    const a = await tenant();
    await invoices(a.tenantId, [paid(3, '10.00', 100, 90), paid(3, '10.00', 80, 60), paid(3, '10.00', 40, 5)]);
    const [s] = rule(await refresh(a.client), 'slowing_payer');
    expect(s).toMatchObject({ type: 'pattern', category: 'customers', description: expect.stringContaining('10, 20 and 35 days') });

    const b = await tenant();
    await invoices(b.tenantId, [paid(3, '10.00', 100, 70), paid(3, '10.00', 80, 60), paid(3, '10.00', 40, 30)]);
    expect(rule(await refresh(b.client), 'slowing_payer')).toEqual([]);
  });

  it('top-customer dependency: 80 % from one customer triggers; an even split does not', async () => {
    const a = await tenant();
    await invoices(a.tenantId, [paid(1, '800.00', 50, 40), paid(2, '100.00', 50, 40), paid(3, '100.00', 50, 40)]);
    const [d] = rule(await refresh(a.client), 'customer_dependency');
    expect(d).toMatchObject({
      title: 'Customer 1 brings 80% of your USD revenue',
      priority: 7,
      estimatedValue: { amount: '800.00', currency: 'USD' },
    });

    const b = await tenant();
    await invoices(b.tenantId, [paid(1, '100.00', 50, 40), paid(2, '100.00', 50, 40), paid(3, '100.00', 50, 40)]);
    expect(rule(await refresh(b.client), 'customer_dependency')).toEqual([]);
  });

  it('expense spike: a category tripled triggers; a 10 % rise does not', async () => {
    const a = await tenant();
    const cats = [
      expense({ description: 'Ads', categoryId: 991, amount: '100.00', date: day(-40) }),
      expense({ description: 'Ads', categoryId: 991, amount: '300.00', date: day(-2) }),
    ];
    for (const e of cats) await publishExpense(stack.bus, a.tenantId, e, ExpenseEvents.Created);
    await settled('expense_facts', a.tenantId, 2);
    const [s] = rule(await refresh(a.client), 'expense_spike');
    expect(s).toMatchObject({
      title: 'Uncategorized expenses up 200%',
      priority: 7,
      estimatedValue: { amount: '200.00', currency: 'USD' },
    });

    const b = await tenant();
    for (const e of [
      expense({ description: 'Ads', categoryId: 991, amount: '100.00', date: day(-40) }),
      expense({ description: 'Ads', categoryId: 991, amount: '110.00', date: day(-2) }),
    ])
      await publishExpense(stack.bus, b.tenantId, e, ExpenseEvents.Created);
    await settled('expense_facts', b.tenantId, 2);
    expect(rule(await refresh(b.client), 'expense_spike')).toEqual([]);
  });

  it('cash-flow forecast: open invoices due and weekly runs within 30 days, exact; nothing open, nothing forecast', async () => {
    const a = await tenant();
    await invoices(a.tenantId, [
      invoice({ customerId: 1, total: '120.50', dueDate: day(10) }),
      invoice({ customerId: 1, total: '99.00', dueDate: day(45) }),
    ]);
    // Weekly from 3 days from now: runs on days 3, 10, 17, 24 (and not 31).
    await publishEvent(
      stack.bus,
      RecurringEvents.Created,
      a.tenantId,
      schedule({ customerId: 1, total: '10.00', frequency: 'weekly', nextInvoiceDate: day(3), startDate: day(3) }),
    );
    await settled('schedule_facts', a.tenantId, 1);
    const [f] = rule(await refresh(a.client), 'cash_flow_forecast');
    expect(f).toMatchObject({ estimatedValue: { amount: '160.50', currency: 'USD' }, timeframe: 'Next 30 days' });
    expect(f!.description).toMatch(
      /^1 open invoice due by [A-Z][a-z]{2} \d{1,2}, \d{4} \(\$120\.50\) and 4 scheduled invoices \(\$40\.00\)\.$/,
    );

    const b = await tenant();
    await invoices(b.tenantId, [paid(1, '50.00', 10, 5)]);
    expect(rule(await refresh(b.client), 'cash_flow_forecast')).toEqual([]);
  });

  it('churn: a stop counts as the analytics counts it (1 of 2 active: 50 %); a pause and a cancellation while paused count once', async () => {
    const a = await tenant();
    const s = schedule({ customerId: 4, total: '300.00', frequency: 'quarterly' });
    const other = schedule({ customerId: 5, total: '10.00' });
    await publishEvent(stack.bus, RecurringEvents.Created, a.tenantId, s);
    await publishEvent(stack.bus, RecurringEvents.Created, a.tenantId, other);
    await settled('schedule_facts', a.tenantId, 2);
    expect(rule(await refresh(a.client), 'churned_schedules')).toEqual([]);
    // Paused, then cancelled while paused: one stop.
    await publishEvent(stack.bus, RecurringEvents.Updated, a.tenantId, { ...s, isActive: false, updatedAt: at(0.001) });
    await publishEvent(stack.bus, RecurringEvents.Cancelled, a.tenantId, { ...s, isActive: false, updatedAt: at(0.002) });
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.schedule_facts where tenant_id = $1 and cancelled_at is not null`, [
        a.tenantId,
      ]);
      return rows.length === 1;
    });
    // A late update does not revive it.
    await publishEvent(stack.bus, RecurringEvents.Updated, a.tenantId, { ...s, updatedAt: at(1) });
    const [c] = rule(await refresh(a.client), 'churned_schedules');
    expect(c).toMatchObject({
      category: 'growth',
      title: 'Subscription churn at 50%',
      description:
        '1 of 2 subscriptions active in the last 30 days was paused, ended or cancelled: $100.00 of monthly recurring revenue lost.',
      timeframe: 'Last 30 days',
      estimatedValue: { amount: '100.00', currency: 'USD' },
    });
    expect(c!.recommendation).toContain('Ask Customer 4 why they left');

    const b = await tenant();
    await publishEvent(stack.bus, RecurringEvents.Created, b.tenantId, schedule({ customerId: 4, total: '300.00' }));
    await settled('schedule_facts', b.tenantId, 1);
    expect(rule(await refresh(b.client), 'churned_schedules')).toEqual([]);
  });

  it('churn agrees with the analytics: a subscription created and deleted through billing is 100 % in both', async () => {
    const { client, tenantId } = await tenant();
    const customer = (await client.post('/api/customers', { name: 'Gone Co', email: 'gone@example.com' })).json as { id: number };
    const created = await client.post('/api/recurring-invoices', {
      name: 'Support',
      customerId: customer.id,
      frequency: 'monthly',
      startDate: day(0),
      currency: 'USD',
      items: [{ description: 'Support', quantity: 1, unitPrice: '49.00', amount: '49.00' }],
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.json as { id: number }).id;
    expect((await client.delete(`/api/recurring-invoices/${id}`)).status).toBeLessThan(300);
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.schedule_stops where tenant_id = $1`, [tenantId]);
      return rows.length === 1;
    });
    const [c] = rule(await refresh(client), 'churned_schedules');
    expect(c).toMatchObject({ title: 'Subscription churn at 100%', estimatedValue: { amount: '49.00', currency: 'USD' } });
    expect(c!.recommendation).toContain('Gone Co');
    for (const q of ['', '?period=30d']) {
      const stats = (await client.get(`/api/dashboard/stats${q}`)).json as { churnRate: number | null };
      expect(stats.churnRate).toBe(100);
    }
  });

  it('writes money, dates and percentages in the organization’s locale (en by default, then de once saved)', async () => {
    const a = await tenant();
    await invoices(a.tenantId, [invoice({ customerId: 1, total: '1769.00', taxAmount: '1748.00', issueDate: day(0) })]);
    const [t] = rule(await refresh(a.client), 'tax_due');
    expect(t!.title).toBe('Set aside $1,748.00 for sales tax');
    const due = t!.timeframe.replace(/^Due /, '');
    expect(due).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(t!.description).toContain(`due by ${due}`);
    expect([t!.title, t!.description, t!.timeframe, t!.recommendation].join(' ')).not.toMatch(/\d{4}-\d{2}-\d{2}|1748\.00 USD/);

    const saved = await a.client.post('/api/organization-settings', { companyName: 'Muster GmbH', defaultLanguage: 'de' });
    expect(saved.status, saved.text).toBeLessThan(300);
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.organization_facts where tenant_id = $1 and language = 'de'`, [a.tenantId]);
      return rows.length === 1;
    });
    const [de] = rule(await refresh(a.client), 'tax_due');
    expect(de!.title).toBe('Set aside 1.748,00\u00a0$ for sales tax');
    expect(de!.timeframe).toMatch(/^Due \d{2}\.\d{2}\.\d{4}$/);
  });

  it('tax due: the running VAT period’s invoiced tax triggers (monthly by default); untaxed invoices do not', async () => {
    const a = await tenant();
    await invoices(a.tenantId, [invoice({ customerId: 1, total: '121.00', taxAmount: '21.00', issueDate: day(0) })]);
    const [t] = rule(await refresh(a.client), 'tax_due');
    expect(t).toMatchObject({ type: 'recommendation', estimatedValue: { amount: '21.00', currency: 'USD' } });

    const b = await tenant();
    await invoices(b.tenantId, [invoice({ customerId: 1, total: '100.00', issueDate: day(0) })]);
    expect(rule(await refresh(b.client), 'tax_due')).toEqual([]);
  });

  it('sorts by priority, filters by category, lists high priority and recommendations; tenant B sees none of A’s', async () => {
    const a = await tenant();
    await invoices(a.tenantId, [
      paid(1, '400.00', 45, 40),
      paid(1, '100.00', 10, 5),
      invoice({ customerId: 7, total: '300.00', status: 'overdue', dueDate: day(-10) }),
      invoice({ customerId: 7, total: '200.00', status: 'overdue', dueDate: day(-3) }),
    ]);
    const all = await refresh(a.client);
    expect(all.insights.length).toBeGreaterThanOrEqual(2);
    const priorities = all.insights.map((i) => i.priority);
    expect(priorities).toEqual([...priorities].sort((x, y) => y - x));
    expect(all.summary).toContain(all.insights[0]!.title);

    const revenue = InsightList.parse((await a.client.get('/api/ai/insights?category=revenue')).json);
    expect(revenue.insights.map((i) => i.rule)).toEqual(['revenue_trend']);
    const high = InsightList.parse((await a.client.get('/api/ai/insights/priority')).json);
    expect(high.insights.length).toBeGreaterThan(0);
    expect(high.insights.every((i) => i.priority >= 7)).toBe(true);
    const recs = RecommendationList.parse((await a.client.get('/api/ai/recommendations')).json);
    expect(recs.recommendations.map((r) => r.insightId)).toEqual(all.insights.filter((i) => i.actionable).map((i) => i.id));

    const bad = await a.client.get('/api/ai/insights?category=nope');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('category');

    const b = await tenant();
    for (const path of ['/api/ai/insights', '/api/ai/insights/priority', '/api/ai/recommendations'])
      expect(JSON.stringify((await b.client.get(path)).json)).not.toContain('Customer 7');
    expect((await refresh(b.client)).insights).toEqual([]);
  });

  it('facts come from the real services: an invoice created through billing reaches the ai service', async () => {
    const { client, tenantId } = await tenant();
    const customer = (await client.post('/api/customers', { name: 'Real Co', email: 'real@example.com' })).json as { id: number };
    const res = await client.post('/api/invoices', {
      invoice: { customerId: customer.id, dueDate: day(12) },
      items: [{ description: 'Work', quantity: 1, rate: '250.00' }],
    });
    expect(res.status, res.text).toBe(201);
    await settled('invoice_facts', tenantId, 1);
    const { rows } = await stack.db.query(`select customer_name, total::text from ai.invoice_facts where tenant_id = $1`, [tenantId]);
    expect(rows[0]).toMatchObject({ customer_name: 'Real Co', total: '250.00' });
  });
});
