import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AnalyticsPeriods, type DashboardStats, type DashboardStatsQuery } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { makeSchedule } from './support/recurring.ts';
import { DashboardService } from '../src/modules/dashboard/dashboard.service.ts';
import { analyticsBackfill } from '../src/migrations/0011-analytics.ts';
import { netRebuild } from '../src/migrations/0019-analytics-net-of-credit-notes.ts';
import { loadRaw, recompute, type Raw } from './analytics/recompute.ts';
import { applyOps, op, type History } from './analytics/random-ops.ts';

let stack: Stack;
let service: DashboardService;
beforeAll(async () => {
  stack = await startStack();
  service = new DashboardService(stack.billing.ctx);
});
afterAll(() => stack?.close());

const QUERIES: DashboardStatsQuery[] = [undefined, ...AnalyticsPeriods].flatMap((period) =>
  [undefined, 'USD', 'EUR', 'CAD'].map((currency) => ({ period, currency })),
);

async function newTenant(): Promise<string> {
  const tenantId = crypto.randomUUID();
  await stack.db.query(
    `insert into billing.customers (tenant_id, id, name, company, deleted)
     select $1, c, 'Customer ' || c, case when c % 2 = 0 then 'Company ' || c end, c = 6 from generate_series(1, 6) c`,
    [tenantId],
  );
  return tenantId;
}

/** The service's answer for every period × currency equals the recomputation from the raw rows. */
async function expectFigures(tenantId: string, history: History, raw?: Raw) {
  const rows = raw ?? (await loadRaw(stack.db, tenantId));
  for (const q of QUERIES) {
    const now = new Date();
    const { recentInvoices, ...got } = await service.stats({ tenantId }, q, now);
    const { recentIds, ...want } = recompute(rows, q, now, history);
    expect({ q, ...got }).toEqual({ q, ...want });
    expect(recentInvoices.map((i) => i.id)).toEqual(recentIds);
    for (const i of recentInvoices) expect(i.customer?.name).toBe(rows.customers.find((c) => c.id === i.customerId)!.name);
  }
}

describe('analytics figures from rollups', () => {
  it('equal a full recomputation over random histories of invoices, payments and schedules (fast-check)', async () => {
    const seq = { n: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 25 }), async (ops) => {
        const tenantId = await newTenant();
        const history: History = { started: [], stopped: [] };
        await applyOps(stack.db, tenantId, ops, history, seq);
        await expectFigures(tenantId, history);
      }),
      { numRuns: Number(process.env.ANALYTICS_RUNS ?? 25) },
    );
  }, 240_000);

  it('answers zeros and nulls for a tenant without data', async () => {
    const tenantId = await newTenant();
    const s = await service.stats({ tenantId }, { period: '30d', currency: 'EUR' });
    expect(s).toMatchObject({
      totalRevenue: 0,
      totalInvoices: 0,
      paymentSuccessRate: 0,
      paymentMethodStats: [],
      topCustomers: [],
      recentInvoices: [],
      revenueGrowth: null,
      averageDaysToPayment: null,
      customerRetentionRate: null,
      automationRate: null,
      customerLifetimeValue: null,
      churnRate: null,
      customerAcquisitionCost: null,
      totalCustomers: 5,
    });
    expect(s.revenueByMonth.every((m) => m.revenue === 0)).toBe(true);
  });

  it('churn counts a schedule started and cancelled within the period (1 of 1), and one active beside it (1 of 2)', async () => {
    const tenantId = await newTenant();
    const add = (active = true) =>
      stack.db
        .query<{ id: string }>(
          `insert into billing.recurring_invoices (tenant_id, customer_id, name, frequency, start_date, currency, total, is_active)
           values ($1, 1, 'Plan', 'monthly', current_date, 'USD', '30.00', $2) returning id`,
          [tenantId, active],
        )
        .then((r) => r.rows[0]!.id);
    expect((await service.stats({ tenantId })).churnRate).toBeNull();
    const gone = await add();
    await stack.db.query(`delete from billing.recurring_invoices where id = $1`, [gone]);
    for (const period of [undefined, '7d', '30d'] as const) expect((await service.stats({ tenantId }, { period })).churnRate).toBe(100);
    await add();
    expect((await service.stats({ tenantId })).churnRate).toBe(50);
    // A paused schedule never started in the period is neither stopped nor active in it.
    await add(false);
    expect((await service.stats({ tenantId }, { period: '30d' })).churnRate).toBe(50);
  });

  it('the migration’s backfill computes the same rollups as the triggers kept', async () => {
    const tenantId = await newTenant();
    const history: History = { started: [], stopped: [] };
    const ops = fc.sample(fc.array(op, { minLength: 40, maxLength: 40 }), { numRuns: 1, seed: 13 })[0]!;
    const spec = { customer: 2, status: 'paid' as const, issueAgo: 20, dueIn: 30, paidAfter: 3, total: '120.00', recurring: false };
    const pay = { kind: 'payment' as const, method: 'cash' as const, status: 'completed' as const, amount: '50.00', dayAgo: 4 };
    ops.push(
      {
        kind: 'insert',
        rows: [
          { ...spec, currency: 'EUR' },
          { ...spec, currency: 'USD' },
        ],
      },
      { ...pay, pick: 0 },
      { ...pay, pick: 1, method: 'bank_transfer' },
      { kind: 'payment-move', pick: 0, status: 'refunded', refundShare: 40 },
      { kind: 'credit', pick: 1, share: 25 },
    );
    await applyOps(stack.db, tenantId, ops, history, { n: 100_000 });
    const snapshot = async () => ({
      invoices: (
        await stack.db.query(
          `select * from billing.stats_invoices where tenant_id = $1 and (
          invoice_count, invoice_total, invoice_base, paid_count, paid_total, paid_base, open_count, open_total, open_base,
          overdue_count, overdue_total, overdue_base, generated_count, revenue_count, revenue_total, revenue_base, pay_days)
          <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) order by grain, bucket, currency`,
          [tenantId],
        )
      ).rows,
      customers: (
        await stack.db.query(
          `select * from billing.stats_customer_currency where tenant_id = $1
          and (invoice_count, paid_count, paid_total, paid_base) <> (0, 0, 0, 0) order by customer_id, currency`,
          [tenantId],
        )
      ).rows,
      counts: (
        await stack.db.query(
          `select customer_id, invoice_count, paid_count, paid_base from billing.stats_customer where tenant_id = $1
          and (invoice_count, paid_count, paid_base) <> (0, 0, 0) order by 1`,
          [tenantId],
        )
      ).rows,
      payments: (
        await stack.db.query(
          `select * from billing.stats_payments where tenant_id = $1
          and (payment_count, amount, amount_base) <> (0, 0, 0) order by grain, bucket, currency, method`,
          [tenantId],
        )
      ).rows,
    });
    const kept = await snapshot();
    expect(kept.invoices.length).toBeGreaterThan(0);
    expect(kept.payments.length).toBeGreaterThan(0);
    const raw = await loadRaw(stack.db, tenantId);
    // Only this file's database: wipe every rollup the migration fills, then run its backfill.
    await stack.db.query(`delete from billing.stats_invoices; delete from billing.stats_customer_currency;
      delete from billing.stats_payments; update billing.stats_customer set invoice_count = 0`);
    for (const sql of [...analyticsBackfill.invoices, ...analyticsBackfill.payments, ...netRebuild]) await stack.db.query(sql);
    expect(await snapshot()).toEqual(kept);
    await expectFigures(tenantId, history, raw);
  }, 60_000);
});

describe('GET /api/dashboard/stats through the gateway', () => {
  it('refuses an unknown period or currency with a 400 naming the field', async () => {
    const c = stack.client();
    await c.register();
    const bad = await c.get('/api/dashboard/stats?period=2w');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('period');
    const cur = await c.get('/api/dashboard/stats?currency=dollars');
    expect(cur.status).toBe(400);
    expect(JSON.stringify(cur.json)).toContain('currency');
    const ok = await c.get('/api/dashboard/stats?period=90d&currency=eur');
    expect(ok.status).toBe(200);
    expect(ok.json as DashboardStats).toMatchObject({ period: '90d', currency: 'EUR' });
  });

  it('counts payments by method and invoices paid by hand, per currency, as the recomputation says', async () => {
    const c = stack.client();
    const me = await c.register();
    const tenantId = me.organization.id;
    const ann = await makeCustomer(c, { name: 'Ann Analytics', company: 'Ann Co' });
    const bob = await makeCustomer(c, { name: 'Bob Analytics' });
    const usd = await makeInvoice(c, ann.id, { status: 'sent', items: [{ description: 'Work', quantity: '1', rate: '300.00' }] });
    const eur = await makeInvoice(c, bob.id, {
      status: 'paid',
      invoice: { currency: 'EUR', exchangeRate: '1.100000' },
      items: [{ description: 'Work', quantity: '2', rate: '50.00' }],
    });
    await makeInvoice(c, ann.id, { status: 'sent', invoice: { currency: 'EUR', exchangeRate: '1.1' } });
    await makeSchedule(c, bob.id);
    // A draft was never asked to be paid: it leaves the success rate alone.
    await makeInvoice(c, bob.id, { items: [{ description: 'Not sent yet', quantity: '1', rate: '80.00' }] });
    for (const [amount, paymentMethod] of [
      ['100.00', 'cash'],
      ['200.00', 'bank_transfer'],
    ] as const) {
      const res = await c.post('/api/payments', { invoiceId: usd.id, amount, paymentMethod });
      expect(res.status, res.text).toBe(201);
    }
    await waitFor(async () => ((await c.get(`/api/invoices/${usd.id}`)).json as { status: string }).status === 'paid');

    const all = (await c.get('/api/dashboard/stats?period=30d')).json as DashboardStats;
    expect(all.paymentMethodStats).toEqual([
      { method: 'bank_transfer', amount: 200, count: 1 },
      { method: 'cash', amount: 100, count: 1 },
    ]);
    expect(all.totalRevenue).toBe(410); // 300 USD + 100 EUR × 1.1, both paid today
    expect(all.paymentSuccessRate).toBe(66.7);
    const inEur = (await c.get('/api/dashboard/stats?period=30d&currency=EUR')).json as DashboardStats;
    expect(inEur).toMatchObject({ totalRevenue: 100, paidInvoices: 1, totalInvoices: 2, paymentMethodStats: [] });
    expect(inEur.topCustomers).toEqual([{ id: bob.id, name: 'Bob Analytics', company: null, totalSpent: 100 }]);
    expect(inEur.recentInvoices.map((i) => i.customer?.name)).toContain('Bob Analytics');
    expect(eur.status).toBe('paid');
    await expectFigures(tenantId, { started: [{ day: new Date().toISOString().slice(0, 10), currency: 'USD' }], stopped: [] });
  });
});
