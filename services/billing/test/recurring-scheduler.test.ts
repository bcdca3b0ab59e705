import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodDate, RecurringEvents, type RecurringInvoice } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { runRecurringJob } from '../src/modules/recurring/recurring.job.ts';
import { makeCustomer } from './support/factories.ts';
import { makeSchedule } from './support/recurring.ts';

let stack: Stack;
let ctx: ServiceContext;
beforeAll(async () => {
  stack = await startStack({ env: { RECURRING_INTERVAL_MS: '3600000', REMINDERS_INTERVAL_MS: '3600000' } });
  ctx = stack.billing.ctx as ServiceContext;
});
afterAll(() => stack?.close());

const at = (date: string) => () => new Date(`${date}T12:00:00Z`);
const invoicesOf = async (tenantId: string, scheduleId?: number) =>
  (
    await stack.db.query<{ invoice_number: string; issue_date: string; due_date: string; recurring_period: number; status: string }>(
      `select invoice_number, issue_date::text, due_date::text, recurring_period, status from billing.invoices
        where tenant_id = $1 and ($2::bigint is null or recurring_invoice_id = $2) order by invoice_number`,
      [tenantId, scheduleId ?? null],
    )
  ).rows;
const scheduleOf = async (c: ReturnType<Stack['client']>, id: number) =>
  (await c.get(`/api/recurring-invoices/${id}`)).json as RecurringInvoice;

async function tenant() {
  const c = stack.client();
  const { organization } = await c.register();
  const customer = await makeCustomer(c);
  return { c, tenantId: organization.id, customer };
}

describe('the recurring scheduler (injected clock)', () => {
  it('anchors monthly dates at month ends (leap year) and catches up every missed period, each dated for its own period', async () => {
    const { c, tenantId, customer } = await tenant();
    const s = await makeSchedule(c, customer.id, { startDate: '2024-01-31' });
    await runRecurringJob(ctx, { now: at('2024-05-01') });
    expect((await invoicesOf(tenantId, s.id)).map((i) => [i.invoice_number, i.issue_date, i.due_date, i.recurring_period])).toEqual([
      ['DRAFT-0001', '2024-01-31', '2024-03-01', 0],
      ['DRAFT-0002', '2024-02-29', '2024-03-30', 1],
      ['DRAFT-0003', '2024-03-31', '2024-04-30', 2],
      ['DRAFT-0004', '2024-04-30', '2024-05-30', 3],
    ]);
    expect(await scheduleOf(c, s.id)).toMatchObject({
      nextInvoiceDate: '2024-05-31',
      lastInvoiceDate: '2024-04-30',
      totalInvoicesGenerated: 4,
    });
    // The same day again: nothing new. A year on (not a leap year in 2025): Feb 28.
    await runRecurringJob(ctx, { now: at('2024-05-01') });
    expect(await invoicesOf(tenantId, s.id)).toHaveLength(4);
    await runRecurringJob(ctx, { now: at('2025-03-01') });
    const dates = (await invoicesOf(tenantId, s.id)).map((i) => i.issue_date);
    expect(dates).toHaveLength(14);
    expect(dates.slice(-3)).toEqual(['2024-12-31', '2025-01-31', '2025-02-28']);
  });

  it('stops at the end date (inactive, cancelled event); quarterly and weekly from their anchors', async () => {
    const { c, tenantId, customer } = await tenant();
    const weekly = await makeSchedule(c, customer.id, { frequency: 'weekly', startDate: '2025-01-01', endDate: '2025-01-20' });
    const quarterly = await makeSchedule(c, customer.id, { frequency: 'quarterly', startDate: '2024-11-30' });
    await runRecurringJob(ctx, { now: at('2025-06-01') });
    expect((await invoicesOf(tenantId, weekly.id)).map((i) => i.issue_date)).toEqual(['2025-01-01', '2025-01-08', '2025-01-15']);
    expect(await scheduleOf(c, weekly.id)).toMatchObject({ isActive: false, nextInvoiceDate: null, totalInvoicesGenerated: 3 });
    expect((await invoicesOf(tenantId, quarterly.id)).map((i) => i.issue_date)).toEqual(['2024-11-30', '2025-02-28', '2025-05-30']);
    const cancelled = await stack.db.query(`select 1 from billing.outbox where tenant_id = $1 and subject = $2`, [
      tenantId,
      RecurringEvents.Cancelled,
    ]);
    expect(cancelled.rowCount).toBe(1);
    // Gap-free draft references across both schedules (the legal numbers come when each is issued).
    expect((await invoicesOf(tenantId)).map((i) => i.invoice_number)).toEqual([
      'DRAFT-0001',
      'DRAFT-0002',
      'DRAFT-0003',
      'DRAFT-0004',
      'DRAFT-0005',
      'DRAFT-0006',
    ]);
  });

  it('pausing skips periods; resuming continues from the next period dated today or later, without back-billing', async () => {
    const { c, tenantId, customer } = await tenant();
    const today = new Date().toISOString().slice(0, 10);
    const start = periodDate(today, 'monthly', -3);
    const s = await makeSchedule(c, customer.id, { startDate: start, isActive: false });
    expect(s).toMatchObject({ isActive: false, nextInvoiceDate: start });
    const resumed = (await c.patch(`/api/recurring-invoices/${s.id}`, { isActive: true })).json as RecurringInvoice;
    expect(resumed.isActive).toBe(true);
    expect(resumed.nextInvoiceDate! >= today).toBe(true);
    await runRecurringJob(ctx);
    const made = await invoicesOf(tenantId, s.id);
    // At most today's period; none of the three paused ones.
    expect(made.every((i) => i.issue_date >= today)).toBe(true);
    expect(made.length).toBeLessThanOrEqual(1);
  });

  it('three runners at once over the same due set: exactly one invoice per (schedule, period), numbers gap-free', async () => {
    const tenants = await Promise.all([tenant(), tenant(), tenant()]);
    const ids: number[] = [];
    for (const t of tenants)
      for (let i = 0; i < 12; i++) ids.push((await makeSchedule(t.c, t.customer.id, { name: `S${i}`, startDate: '2025-01-15' })).id);
    const results = await Promise.all([1, 2, 3].map(() => runRecurringJob(ctx, { now: at('2025-03-20'), batchSize: 5 })));
    expect(results.reduce((a, r) => a + r.filter((g) => ids.includes(g.recurringInvoiceId)).length, 0)).toBe(36 * 3);
    for (const t of tenants) {
      const rows = await invoicesOf(t.tenantId);
      expect(rows).toHaveLength(36);
      expect(rows.map((r) => r.invoice_number)).toEqual(Array.from({ length: 36 }, (_, i) => `DRAFT-${String(i + 1).padStart(4, '0')}`));
    }
    const dup = await stack.db.query(
      `select recurring_invoice_id, recurring_period from billing.invoices where recurring_invoice_id = any($1::bigint[])
        group by 1, 2 having count(*) > 1`,
      [ids],
    );
    expect(dup.rowCount).toBe(0);
  });

  it('a runner whose connection dies between claim and commit produces nothing; the next run produces the period once', async () => {
    const { c, tenantId, customer } = await tenant();
    const s = await makeSchedule(c, customer.id, { startDate: '2025-02-10' });
    const crashed = await runRecurringJob(ctx, {
      now: at('2025-02-10'),
      beforeCommit: async (em) => void (await em.execute('select pg_terminate_backend(pg_backend_pid())').catch(() => undefined)),
    });
    expect(crashed.filter((g) => g.recurringInvoiceId === s.id)).toEqual([]);
    expect(await invoicesOf(tenantId, s.id)).toEqual([]);
    expect(await scheduleOf(c, s.id)).toMatchObject({ totalInvoicesGenerated: 0, nextInvoiceDate: '2025-02-10' });
    await runRecurringJob(ctx, { now: at('2025-02-10') });
    await runRecurringJob(ctx, { now: at('2025-02-10') });
    expect((await invoicesOf(tenantId, s.id)).map((i) => [i.invoice_number, i.issue_date])).toEqual([['DRAFT-0001', '2025-02-10']]);
  });

  it('the unique key refuses a second invoice for a period, whatever the application does', async () => {
    const { c, tenantId, customer } = await tenant();
    const s = await makeSchedule(c, customer.id, { startDate: '2025-02-10' });
    await runRecurringJob(ctx, { now: at('2025-02-10') });
    const dup = stack.db.query(
      `insert into billing.invoices (tenant_id, customer_id, invoice_number, due_date, public_token, recurring_invoice_id, recurring_period)
       values ($1, $2, 'X-1', '2025-03-01', 'tok-dup', $3, 0)`,
      [tenantId, customer.id, s.id],
    );
    await expect(dup).rejects.toThrow(/invoices_recurring_period/);
  });
});
