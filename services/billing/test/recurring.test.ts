import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  periodDate,
  RecurringEvents,
  type DashboardStats,
  type Invoice,
  type RecurringInvoice,
  type RecurringRunResult,
  type RecurringSummary,
} from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer } from './support/factories.ts';
import { makeSchedule, scheduleBody, todayUtc } from './support/recurring.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { RECURRING_INTERVAL_MS: '3600000', REMINDERS_INTERVAL_MS: '3600000' } });
});
afterAll(() => stack?.close());

const outboxSubjects = async (tenantId: string) =>
  (
    await stack.db.query<{ subject: string }>(`select subject from billing.outbox where tenant_id = $1 order by created_at, subject`, [
      tenantId,
    ])
  ).rows.map((r) => r.subject);

describe('recurring invoices (subscriptions) through the gateway', () => {
  it('creates with server-computed totals, dropping blank items; gets, lists with search and filters, summarises', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const ada = await makeCustomer(c, { name: 'Ada Lovelace' });
    const bob = await makeCustomer(c, { name: 'Bob Builder' });
    const res = await c.post('/api/recurring-invoices', {
      ...scheduleBody(ada.id, { name: 'Hosting plan', total: '1', nextInvoiceDate: '1999-01-01', currency: 'EUR' }),
      items: [
        { description: 'Hosting', quantity: '1', unitPrice: '49.99', amount: '0' },
        { description: '   ', quantity: '0', unitPrice: '-1' },
        { description: 'Support', quantity: 3, unitPrice: 33.33 },
      ],
    });
    expect(res.status).toBe(201);
    const s = res.json as RecurringInvoice;
    expect(s).toMatchObject({
      name: 'Hosting plan',
      customerId: ada.id,
      customer: { id: ada.id, name: 'Ada Lovelace' },
      frequency: 'monthly',
      startDate: todayUtc(),
      endDate: null,
      nextInvoiceDate: todayUtc(),
      lastInvoiceDate: null,
      isActive: true,
      autoSend: false,
      currency: 'EUR',
      total: '149.98',
      totalInvoicesGenerated: 0,
    });
    expect(s.items.map((i) => [i.description, i.quantity, i.unitPrice, i.amount])).toEqual([
      ['Hosting', '1.00', '49.99', '49.99'],
      ['Support', '3.00', '33.33', '99.99'],
    ]);
    expect((await c.get(`/api/recurring-invoices/${s.id}`)).json).toEqual(s);

    await makeSchedule(c, bob.id, { name: 'Weekly cleaning', frequency: 'weekly' });
    const paused = await makeSchedule(c, bob.id, { name: 'Annual licence', frequency: 'annually', isActive: false });
    expect(paused.isActive).toBe(false);

    const list = await c.get('/api/recurring-invoices');
    expect(list.headers.get('x-total-count')).toBe('3');
    expect((list.json as RecurringInvoice[]).map((r) => r.name)).toEqual(['Annual licence', 'Weekly cleaning', 'Hosting plan']);
    const names = async (q: string) => ((await c.get(`/api/recurring-invoices?${q}`)).json as RecurringInvoice[]).map((r) => r.name);
    expect(await names('search=builder')).toEqual(['Annual licence', 'Weekly cleaning']); // customer name
    expect(await names('search=HOSTING')).toEqual(['Hosting plan']);
    expect(await names('status=inactive')).toEqual(['Annual licence']);
    expect(await names('status=active&frequency=weekly')).toEqual(['Weekly cleaning']);
    expect(await names('search=nothing-like-this')).toEqual([]);
    const page = await c.get('/api/recurring-invoices?limit=1&offset=1');
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((page.json as RecurringInvoice[]).map((r) => r.name)).toEqual(['Weekly cleaning']);

    // Weekly 199.99 × 52 / 12 = 866.623… → 866.62; the EUR one alone in its currency; the paused one not counted.
    expect((await c.get('/api/recurring-invoices/summary')).json as RecurringSummary).toEqual({
      total: 3,
      active: 2,
      inactive: 1,
      monthlyRevenue: [
        { currency: 'EUR', amount: '149.98' },
        { currency: 'USD', amount: '866.62' },
      ],
      averageValue: [
        { currency: 'EUR', amount: '149.98' },
        { currency: 'USD', amount: '866.62' },
      ],
    });
    const stats = (await c.get('/api/dashboard/stats')).json as DashboardStats;
    expect(stats.monthlyRecurringRevenue).toEqual([
      { currency: 'EUR', amount: '149.98' },
      { currency: 'USD', amount: '866.62' },
    ]);
    expect(await outboxSubjects(organization.id)).toContain(RecurringEvents.Created);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const c = stack.client();
    await c.register();
    const other = stack.client();
    await other.register();
    const foreign = await makeCustomer(other);
    const cust = await makeCustomer(c);
    const base = scheduleBody(cust.id);
    const item = base.items[0]!;
    const cases: [unknown, string, string][] = [
      [{ ...base, name: ' ' }, 'name', 'Subscription name is required'],
      [{ ...base, customerId: '' }, 'customerId', 'Customer is required'],
      [{ ...base, customerId: foreign.id }, 'customerId', 'Customer not found'],
      [{ ...base, startDate: '' }, 'startDate', 'Start date is required'],
      [{ ...base, startDate: '2026-02-30' }, 'startDate', ''],
      [{ ...base, startDate: '2026-03-01', endDate: '2026-02-28' }, 'endDate', 'End date must be on or after the start date'],
      [{ ...base, frequency: 'daily' }, 'frequency', 'Frequency must be one of weekly, monthly, quarterly, annually'],
      [{ ...base, currency: 'CHF' }, 'currency', 'Currency must be one of USD, EUR, GBP, CAD, AUD, JPY'],
      [{ ...base, items: [] }, 'items', 'At least one item is required'],
      [{ ...base, items: [{ description: ' ' }] }, 'items', 'At least one item is required'],
      [{ ...base, items: [{ ...item, quantity: '0.5' }] }, 'items.0.quantity', 'Quantity must be at least 1'],
      [{ ...base, items: [{ ...item, unitPrice: '-1' }] }, 'items.0.unitPrice', 'Unit price must be positive'],
      [{ ...base, items: [{ ...item, productId: 1 }] }, 'items.0.productId', 'Product not found'],
      [{ ...base, items: [{ ...item, quantity: '99999999999', unitPrice: '99999999999' }] }, 'items.0.unitPrice', 'Amount is too large'],
      [{ ...base, items: Array.from({ length: 10_000 }, () => item) }, 'items', 'At most 500 items'],
      [{ ...base, isActive: 'yes' }, 'isActive', ''],
      [{ ...base, surprise: 1 }, '', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.post('/api/recurring-invoices', body);
      expect(res.status, `${field}: ${res.text.slice(0, 300)}`).toBe(400);
      const issues = (res.json as { issues?: { path: string; message: string }[] }).issues ?? [];
      if (field)
        expect(
          issues.map((i) => i.path),
          res.text.slice(0, 300),
        ).toContain(field);
      if (message) expect(issues.find((i) => i.path === field)?.message).toBe(message);
    }
    expect((await c.get('/api/recurring-invoices')).headers.get('x-total-count')).toBe('0');
    expect((await c.patch('/api/recurring-invoices/1', { isActive: 'no' })).status).toBe(400);
  });

  it('runs a schedule now: the due invoice once, linked back; pause refuses to run; resume; update; delete', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const cust = await makeCustomer(c);
    const s = await makeSchedule(c, cust.id);
    const run = await c.post(`/api/recurring-invoices/${s.id}/run`);
    expect(run.status).toBe(200);
    const result = run.json as RecurringRunResult;
    expect(result.generated).toBe(1);
    expect(result.invoices).toEqual([{ id: expect.any(Number), invoiceNumber: 'DRAFT-0001', issueDate: todayUtc() }]);
    expect(result.schedule).toMatchObject({
      totalInvoicesGenerated: 1,
      lastInvoiceDate: todayUtc(),
      nextInvoiceDate: periodDate(todayUtc(), 'monthly', 1),
    });
    expect(((await c.post(`/api/recurring-invoices/${s.id}/run`)).json as RecurringRunResult).generated).toBe(0);

    const inv = (await c.get(`/api/invoices/${result.invoices[0]!.id}`)).json as Invoice;
    expect(inv).toMatchObject({ recurringInvoiceId: s.id, status: 'draft', total: '199.99', customerId: cust.id });
    expect(inv.items!.map((i) => [i.description, i.quantity, i.rate, i.amount])).toEqual([
      ['Hosting', '1.00', '49.99', '49.99'],
      ['Support hours', '2.00', '75.00', '150.00'],
    ]);
    expect(((await c.get('/api/invoices')).json as Invoice[])[0]!.recurringInvoiceId).toBe(s.id);

    // Once generated, the anchor is fixed; the rest can change.
    const moved = await c.put(`/api/recurring-invoices/${s.id}`, scheduleBody(cust.id, { startDate: '2020-01-01' }));
    expect(moved.status).toBe(400);
    expect(moved.text).toContain('startDate');
    const renamed = await c.put(`/api/recurring-invoices/${s.id}`, scheduleBody(cust.id, { name: 'Renamed', notes: 'Thanks' }));
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      name: 'Renamed',
      notes: 'Thanks',
      totalInvoicesGenerated: 1,
      nextInvoiceDate: result.schedule.nextInvoiceDate,
    });

    const pausedRes = await c.patch(`/api/recurring-invoices/${s.id}`, { isActive: false });
    expect(pausedRes.json).toMatchObject({ isActive: false });
    const refused = await c.post(`/api/recurring-invoices/${s.id}/run`);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('This subscription is paused. Resume it to generate invoices.');
    expect((await c.patch(`/api/recurring-invoices/${s.id}`, { isActive: true })).json).toMatchObject({ isActive: true });

    const other = stack.client();
    await other.register();
    expect((await other.get(`/api/recurring-invoices/${s.id}`)).status).toBe(404);
    expect((await other.post(`/api/recurring-invoices/${s.id}/run`)).status).toBe(404);
    expect((await other.delete(`/api/recurring-invoices/${s.id}`)).status).toBe(404);

    expect((await c.delete(`/api/recurring-invoices/${s.id}`)).status).toBe(204);
    expect((await c.get(`/api/recurring-invoices/${s.id}`)).status).toBe(404);
    // The invoice it generated stays, still linked.
    expect(((await c.get(`/api/invoices/${inv.id}`)).json as Invoice).recurringInvoiceId).toBe(s.id);
    const subjects = await outboxSubjects(organization.id);
    for (const e of [RecurringEvents.Created, RecurringEvents.Updated, RecurringEvents.Cancelled]) expect(subjects).toContain(e);
  });
});
