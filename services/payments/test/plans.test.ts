import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInternalTokenSigner, INTERNAL_TOKEN_HEADER } from '@billpoint/kit';
import { HttpClient, TEST_TOKEN_KEY, waitFor } from '@billpoint/kit/testing';
import { PLAN_TABLE, PlanEvents, SUBSCRIPTION_PLANS, type SubscriptionPlan, type UserSubscription } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';
import { PlanService } from '../src/modules/plans/plans.service.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const DAY = 86_400_000;
const payments = () => stack.services.payments!;
const subscriptionOf = async (c: HttpClient) => (await c.get('/api/user-subscription')).json as UserSubscription;
const limitsRow = (schema: 'customers' | 'billing', tenantId: string) =>
  stack.db.query<{ granted: { plan: string }; trial: { plan: string } | null; status: string }>(
    `select granted, trial, status from ${schema}.plan_limits where tenant_id = $1`,
    [tenantId],
  );

describe('plans', () => {
  it('lists the three plans to anyone, signed in or not', async () => {
    const anon = new HttpClient(stack.url);
    const res = await anon.get('/api/subscription-plans');
    expect(res.status).toBe(200);
    const plans = res.json as SubscriptionPlan[];
    expect(plans.map((p) => [p.name, p.displayName, p.monthlyPrice, p.yearlyPrice])).toEqual([
      ['starter', 'Starter', '29.00', '240.00'],
      ['professional', 'Professional', '69.00', '588.00'],
      ['enterprise', 'Enterprise', '199.00', '1788.00'],
    ]);
    const limits = (p: SubscriptionPlan) => [p.maxInvoices, p.maxCustomers, p.maxProducts, p.maxApiKeys, p.maxWebhooks];
    expect(plans.map(limits)).toEqual([
      [50, 5, 10, 0, 2],
      [null, null, 100, 5, 10],
      [null, null, null, null, null],
    ]);
    const flags = (p: SubscriptionPlan) =>
      [p.hasAiAnalytics, p.hasMultiCurrency, p.hasAdvancedReporting, p.hasCustomBranding, p.hasPrioritySupport, p.hasApiAccess].every(
        Boolean,
      );
    expect(plans.map(flags)).toEqual([false, true, true]);
    expect(plans.every((p) => p.isActive && p.stripePriceIdMonthly === null)).toBe(true);
    // Served from proto's plan table, which the chooser's cards, its comparison table and the landing page read too.
    expect(plans).toEqual(SUBSCRIPTION_PLANS);
    expect(plans[0]!.features).toEqual([
      '50 invoices per month',
      '5 customers',
      '10 products',
      '0 API keys',
      '2 webhooks',
      ...PLAN_TABLE[0]!.highlights,
    ]);
    expect(res.headers.get('set-cookie')).toBeNull();

    const signedIn = stack.client();
    await signedIn.register();
    expect((await signedIn.get('/api/subscription-plans')).json).toEqual(plans);
  });

  it('starts a new organization on a 14-day Professional trial, and tells the other services its limits', async () => {
    const anon = new HttpClient(stack.url);
    expect((await anon.get('/api/user-subscription')).status).toBe(401);
    const c = stack.client();
    const before = Date.now();
    const { organization } = await c.register();
    const sub = await subscriptionOf(c);
    expect(sub).toMatchObject({
      plan: 'professional',
      displayName: 'Professional',
      status: 'trialing',
      billingCycle: 'monthly',
      currentPeriodEnd: null,
      limits: { maxInvoices: null, maxCustomers: null, maxProducts: 100, maxApiKeys: 5, maxWebhooks: 10 },
      flags: { hasAiAnalytics: true, hasApiAccess: true },
      usage: { invoiceCount: 0, customerCount: 0, productCount: 0, apiKeyCount: 0, webhookCount: 0 },
      demoMode: true,
    });
    const ends = Date.parse(sub.trialEndsAt!);
    expect(ends).toBeGreaterThanOrEqual(before + 14 * DAY - 5_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 14 * DAY);

    // organization.created → payments' trial → plan.changed → the limits read models of customers and billing.
    for (const schema of ['customers', 'billing'] as const) {
      const [row] = (
        await waitFor(async () => ((await limitsRow(schema, organization.id)).rows.length ? limitsRow(schema, organization.id) : null))
      ).rows;
      expect(row).toMatchObject({ status: 'trialing', granted: { plan: 'starter' }, trial: { plan: 'professional' } });
    }
    const events = await stack.db.query(`select 1 from payments.outbox where tenant_id = $1 and subject = $2`, [
      organization.id,
      PlanEvents.Changed,
    ]);
    expect(events.rowCount).toBe(1); // made once, however many times the tenant was seen
  });

  it('ends the trial on time: Starter after 14 days unless a plan was chosen (injected clock)', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const { trialEndsAt } = await subscriptionOf(c);
    const at = (ms: number) => new PlanService(payments().ctx, { now: () => new Date(Date.parse(trialEndsAt!) + ms) });
    const tenant = { tenantId: organization.id };
    expect(await at(-1).view(tenant)).toMatchObject({ plan: 'professional', status: 'trialing', limits: { maxCustomers: null } });
    expect(await at(0).view(tenant)).toMatchObject({
      plan: 'starter',
      displayName: 'Starter',
      status: 'active',
      trialEndsAt,
      limits: { maxInvoices: 50, maxCustomers: 5, maxProducts: 10, maxApiKeys: 0, maxWebhooks: 2 },
      flags: { hasAiAnalytics: false, hasApiAccess: false },
    });
    // What is enforced is the plan table's row, limits and flags alike.
    const starter = await at(0).view(tenant);
    expect({ limits: starter.limits, flags: starter.flags }).toEqual({ limits: PLAN_TABLE[0]!.limits, flags: PLAN_TABLE[0]!.flags });
  });

  it('starts the trial of a tenant it has never seen at its first sighting', async () => {
    const tenantId = crypto.randomUUID();
    const now = new Date('2031-05-02T10:00:00Z');
    const view = await new PlanService(payments().ctx, { now: () => now }).view({ tenantId });
    expect(view).toMatchObject({ plan: 'professional', status: 'trialing', trialEndsAt: '2031-05-16T10:00:00.000Z' });
    expect(view.usage).toMatchObject({ currentPeriodStart: '2031-05-01', currentPeriodEnd: '2031-05-31' });
  });

  it('changes the plan at once in demo mode; the limits follow everywhere; choosing it again changes nothing', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const res = await c.post('/api/subscription/change', { planName: 'starter', billingCycle: 'yearly' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'You are now on the Starter plan, billed yearly.', demoMode: true });
    const sub = await subscriptionOf(c);
    expect(sub).toMatchObject({ plan: 'starter', status: 'active', billingCycle: 'yearly', limits: { maxCustomers: 5 } });
    const periodEnd = new Date(sub.currentPeriodEnd!);
    expect(periodEnd.getTime() - Date.now()).toBeGreaterThan(364 * DAY);
    for (const schema of ['customers', 'billing'] as const)
      await waitFor(async () => (await limitsRow(schema, organization.id)).rows[0]?.status === 'active');

    const again = await c.post('/api/subscription/change', { planName: 'starter', billingCycle: 'yearly' });
    expect(again.json).toEqual({ message: 'You are already on the Starter plan, billed yearly.', demoMode: true });
    expect((await subscriptionOf(c)).currentPeriodEnd).toBe(sub.currentPeriodEnd);

    const up = await c.post('/api/subscription/change', { planName: 'enterprise', billingCycle: 'monthly' });
    expect(up.json).toEqual({ message: 'You are now on the Enterprise plan, billed monthly.', demoMode: true });
    expect(await subscriptionOf(c)).toMatchObject({ plan: 'enterprise', billingCycle: 'monthly', limits: { maxProducts: null } });
  });

  it('refuses what the contract does not allow, naming the field', async () => {
    const c = stack.client();
    await c.register();
    const bad = async (body: unknown) => (await c.post('/api/subscription/change', body)).json.issues.map((i: { path: string }) => i.path);
    expect(await bad({ planName: 'gold', billingCycle: 'monthly' })).toEqual(['planName']);
    expect(await bad({ planName: 'starter', billingCycle: 'weekly' })).toEqual(['billingCycle']);
    expect(await bad({ planName: 'starter', billingCycle: 'monthly', price: '0' })).toEqual(['price']);
    expect((await subscriptionOf(c)).status).toBe('trialing');
  });

  it('lets only admins change the plan', async () => {
    const c = stack.client();
    const { id: userId, organization } = await c.register();
    const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
    const asRole = (role: 'admin' | 'manager' | 'user') =>
      payments().app.inject({
        method: 'POST',
        url: '/api/subscription/change',
        headers: { [INTERNAL_TOKEN_HEADER]: sign({ tenantId: organization.id, userId, role, scopes: [] }) },
        payload: { planName: 'enterprise', billingCycle: 'monthly' },
      });
    for (const role of ['user', 'manager'] as const) {
      const res = await asRole(role);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: `Your role (${role}) does not have the permission plan.manage`,
        permission: 'plan.manage',
      });
    }
    expect((await subscriptionOf(c)).plan).toBe('professional');
    expect((await asRole('admin')).statusCode).toBe(200);
    expect((await subscriptionOf(c)).plan).toBe('enterprise');
  });

  it('counts usage from the creating services’ events', async () => {
    const c = stack.client();
    await c.register();
    const a = await makeCustomer(c);
    await makeCustomer(c);
    await makeInvoice(c, a.id);
    const usage = await waitFor(async () => {
      const u = (await subscriptionOf(c)).usage;
      return u.customerCount === 2 && u.invoiceCount === 1 ? u : null;
    });
    expect(usage).toMatchObject({ productCount: 0, apiKeyCount: 0, webhookCount: 0 });
    expect((await c.delete(`/api/customers/${a.id}`)).status).toBe(204);
    await waitFor(async () => (await subscriptionOf(c)).usage.customerCount === 1);
  });

  it('counts API keys and webhooks from the integrations service’s events', async () => {
    const c = stack.client();
    await c.register();
    const keys = [];
    for (const name of ['one', 'two', 'three']) {
      const res = await c.post('/api/integrations/api-keys', { name, permissions: ['customers:read'] });
      expect(res.status).toBe(201);
      keys.push((res.json as { apiKey: { id: number } }).apiKey.id);
    }
    const hooks = [];
    for (const name of ['a', 'b']) {
      const res = await c.post('/api/integrations/webhooks', { name, url: 'https://example.test/hook', events: ['invoice.paid'] });
      expect(res.status).toBe(201);
      hooks.push((res.json as { webhook: { id: number } }).webhook.id);
    }
    await waitFor(async () => {
      const u = (await subscriptionOf(c)).usage;
      return u.apiKeyCount === 3 && u.webhookCount === 2;
    });
    expect((await c.delete(`/api/integrations/api-keys/${keys[0]}`)).status).toBe(204);
    expect((await c.delete(`/api/integrations/api-keys/${keys[0]}`)).status).toBe(404); // revoked once, counted once
    expect((await c.delete(`/api/integrations/webhooks/${hooks[0]}`)).status).toBe(204);
    const usage = await waitFor(async () => {
      const u = (await subscriptionOf(c)).usage;
      return u.apiKeyCount === 2 && u.webhookCount === 1 ? u : null;
    });
    expect(usage).toMatchObject({ customerCount: 0, productCount: 0 });
  });
});
