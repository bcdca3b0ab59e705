import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@billpoint/kit/testing';
import type { RecurringRunResult } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { choosePlan } from '../../payments/test/support/plans.ts';
import { invoiceBody, makeCustomer } from './support/factories.ts';
import { makeSchedule } from './support/recurring.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { RECURRING_INTERVAL_MS: '3600000', REMINDERS_INTERVAL_MS: '3600000' } });
});
afterAll(() => stack?.close());

const STARTER = 'Your Starter plan allows 50 invoices per month. Upgrade your plan to add more.';
const stored = async (tenantId: string) =>
  Number((await stack.db.query(`select count(*) from billing.invoices where tenant_id = $1`, [tenantId])).rows[0]!.count);

describe('the plan’s monthly invoice limit', () => {
  it('allows the 50th invoice of the month on Starter and refuses the 51st, writing nothing; the scheduler is never refused', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const customer = await makeCustomer(c);
    await choosePlan(stack.db, c, organization.id, 'starter');
    for (let n = 1; n <= 49; n++) expect((await c.post('/api/invoices', invoiceBody(customer.id))).status).toBe(201);
    const fiftieth = await c.post('/api/invoices', invoiceBody(customer.id));
    expect(fiftieth.status).toBe(201);
    expect(fiftieth.json.invoiceNumber).toBe('DRAFT-0050');

    const refused = await c.post('/api/invoices', invoiceBody(customer.id));
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ statusCode: 403, error: 'Forbidden', message: STARTER, code: 'plan_limit_reached' });
    expect(await stored(organization.id)).toBe(50);
    expect((await c.get('/api/invoices/next-number')).json).toEqual({ invoiceNumber: 'INV-0001' }); // drafts use no number

    // A schedule due today still gets its invoice: it counts, it is not refused.
    const schedule = await makeSchedule(c, customer.id);
    const run = await c.post(`/api/recurring-invoices/${schedule.id}/run`);
    expect((run.json as RecurringRunResult).generated).toBe(1);
    expect(await stored(organization.id)).toBe(51);
    expect((await c.post('/api/invoices', invoiceBody(customer.id))).status).toBe(403);

    // Invoices of earlier months do not count.
    await stack.db.query(`update billing.invoices set created_at = created_at - interval '40 days' where tenant_id = $1`, [
      organization.id,
    ]);
    expect((await c.post('/api/invoices', invoiceBody(customer.id))).status).toBe(201);
  });

  it('puts no limit on invoices during the trial or on Professional', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const customer = await makeCustomer(c);
    await waitFor(
      async () => (await stack.db.query(`select 1 from billing.customers where tenant_id = $1`, [organization.id])).rowCount === 1,
    );
    // 60 invoices this month (written directly: the point is the count, not how they were made).
    await stack.db.query(
      `insert into billing.invoices (tenant_id, invoice_number, customer_id, issue_date, due_date, currency, subtotal, total,
         total_in_base_currency, public_token)
       select $1, 'OLD-' || g, $2, current_date, current_date + 30, 'USD', 1, 1, 1, md5(random()::text) || g
         from generate_series(1, 60) g`,
      [organization.id, customer.id],
    );
    expect((await c.post('/api/invoices', invoiceBody(customer.id))).status).toBe(201);
    await choosePlan(stack.db, c, organization.id, 'professional');
    expect((await c.post('/api/invoices', invoiceBody(customer.id))).status).toBe(201);
  });
});
