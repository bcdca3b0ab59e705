import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLimits } from '@billpoint/kit';
import type { Customer } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { choosePlan, limitsRow } from '../../payments/test/support/plans.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const STARTER = 'Your Starter plan allows 5 customers. Upgrade your plan to add more.';
const body = (n: number | string) => ({ name: `Customer ${n}`, email: `c${n}@limits.test` });
const countOf = async (sql: string, params: unknown[]) => Number((await stack.db.query<{ n: string }>(sql, params)).rows[0]!.n);
const stored = (tenantId: string) =>
  countOf(`select count(*) as n from customers.customers where tenant_id = $1 and deleted_at is null`, [tenantId]);
const createdEvents = (tenantId: string) =>
  countOf(`select count(*) as n from customers.outbox where tenant_id = $1 and subject = 'evt.customers.customer.created'`, [tenantId]);

describe('the plan’s customer limit', () => {
  it('allows the 5th customer on Starter, refuses the 6th with a 403 naming the limit and the plan, and writes nothing', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    await choosePlan(stack.db, c, organization.id, 'starter');
    for (let n = 1; n <= 5; n++) expect((await c.post('/api/customers', body(n))).status).toBe(201);
    const sixth = await c.post('/api/customers', body(6));
    expect(sixth.status).toBe(403);
    expect(sixth.json).toEqual({ statusCode: 403, error: 'Forbidden', message: STARTER, code: 'plan_limit_reached' });
    expect(await stored(organization.id)).toBe(5);
    expect(await createdEvents(organization.id)).toBe(5);

    // A deleted customer frees its place.
    const [first] = (await c.get('/api/customers')).json as Customer[];
    expect((await c.delete(`/api/customers/${first!.id}`)).status).toBe(204);
    expect((await c.post('/api/customers', body(7))).status).toBe(201);
    expect((await c.post('/api/customers', body(8))).status).toBe(403);

    // Upgrading lifts it.
    await choosePlan(stack.db, c, organization.id, 'professional');
    expect((await c.post('/api/customers', body(9))).status).toBe(201);
  });

  it('lets exactly one of several simultaneous creations take the last place', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    await choosePlan(stack.db, c, organization.id, 'starter');
    for (let n = 1; n <= 4; n++) expect((await c.post('/api/customers', body(n))).status).toBe(201);
    const answers = await Promise.all([10, 11, 12, 13].map((n) => c.post('/api/customers', body(n))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403, 403]);
    expect(await stored(organization.id)).toBe(5);
  });

  it('puts no limit on customers during the trial, and Starter’s once the trial is over (injected clock)', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    for (let n = 1; n <= 6; n++) expect((await c.post('/api/customers', body(n))).status).toBe(201);

    const row = await limitsRow(stack.db, 'customers', organization.id);
    const after = planLimits(stack.customers.ctx, { now: () => new Date(row!.trial_ends_at!.getTime()) });
    expect(await after.grant(organization.id)).toMatchObject({ trial: false, grant: { plan: 'starter', limits: { maxCustomers: 5 } } });
    const check = await after.check(organization.id, 'customers');
    const refused = stack.customers.ctx.tx({ tenantId: organization.id }, (em) => check(em, async () => stored(organization.id)));
    await expect(refused).rejects.toMatchObject({ statusCode: 403, message: STARTER });

    const during = planLimits(stack.customers.ctx, { now: () => new Date(row!.trial_ends_at!.getTime() - 1) });
    expect(await during.grant(organization.id)).toMatchObject({ trial: true, grant: { plan: 'professional' } });
  });
});
