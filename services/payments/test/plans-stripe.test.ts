import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import type { SubscriptionPlan, UserSubscription } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { startStripeBillingStandIn, type StripeBillingStandIn } from './support/stripe-billing-stand-in.ts';
import { limitsRow } from './support/plans.ts';

const WEBHOOK_SECRET = 'whsec_test_plans';
const PRICES = {
  STRIPE_PRICE_STARTER_MONTHLY: 'price_starter_m',
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_pro_m',
  STRIPE_PRICE_PROFESSIONAL_YEARLY: 'price_pro_y',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_ent_m',
  STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_ent_y',
  // no STRIPE_PRICE_STARTER_YEARLY: that choice cannot be bought
};
let stack: Stack;
let stripe: StripeBillingStandIn;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stripe = await startStripeBillingStandIn();
  stack = await startStack({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_plans',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_plans',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      ...PRICES,
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await stripe?.close();
});

const subscriptionOf = async (c: HttpClient) => (await c.get('/api/user-subscription')).json as UserSubscription;
const change = (c: HttpClient, planName: string, billingCycle: string) => c.post('/api/subscription/change', { planName, billingCycle });

/** Stripe's delivery of an event about `object`, signed at `at` (seconds; default now). */
function deliver(type: string, object: unknown, o: { id?: string; at?: number; signed?: boolean } = {}) {
  const payload = JSON.stringify({ id: o.id ?? `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object } });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: o.at });
  return new HttpClient(stack.url).raw('POST', '/api/stripe/webhook', payload, {
    'content-type': 'application/json',
    ...(o.signed === false ? {} : { 'stripe-signature': header }),
  });
}

/** A signed-in admin whose organization has subscribed to `plan` through Stripe. */
async function subscribed(plan = 'professional', cycle = 'monthly') {
  const c = stack.client();
  const { organization } = await c.register();
  const res = await change(c, plan, cycle);
  expect(res.status).toBe(200);
  const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.tenantId === organization.id)!;
  return { c, tenantId: organization.id, sub };
}

describe('plans with Stripe (the real SDK against a local stand-in of its Billing API)', () => {
  it('shows the configured price ids and leaves demo mode', async () => {
    const plans = (await new HttpClient(stack.url).get('/api/subscription-plans')).json as SubscriptionPlan[];
    expect(plans.map((p) => [p.stripePriceIdMonthly, p.stripePriceIdYearly])).toEqual([
      ['price_starter_m', null],
      ['price_pro_m', 'price_pro_y'],
      ['price_ent_m', 'price_ent_y'],
    ]);
    const c = stack.client();
    await c.register();
    expect(await subscriptionOf(c)).toMatchObject({ status: 'trialing', demoMode: false });
  });

  it('creates one Customer and a Subscription, then updates its item on a change (Stripe prorates)', async () => {
    const { c, tenantId, sub } = await subscribed('professional', 'monthly');
    const customer = stripe.customers.get(sub.customer)!;
    expect(customer.metadata).toEqual({ tenantId });
    expect(sub).toMatchObject({ status: 'active', metadata: { tenantId, plan: 'professional', billingCycle: 'monthly' } });
    expect(sub.items.data[0]!.price.id).toBe('price_pro_m');
    const created = stripe.calls.filter((x) => x.method === 'POST' && x.form.customer === sub.customer);
    expect(created.map((x) => x.idempotencyKey)).toEqual([expect.stringMatching(`^billpoint-subscription-${tenantId}-`)]);
    expect(await subscriptionOf(c)).toMatchObject({
      plan: 'professional',
      status: 'active',
      trialEndsAt: expect.any(String),
      demoMode: false,
    });

    const up = await change(c, 'enterprise', 'yearly');
    expect(up.json).toEqual({ message: 'You are now on the Enterprise plan, billed yearly.', demoMode: false });
    expect(stripe.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${sub.id}`,
      form: { items: { '0': { id: sub.items.data[0]!.id, price: 'price_ent_y' } }, proration_behavior: 'create_prorations' },
    });
    expect([...stripe.subscriptions.values()].filter((s) => s.customer === sub.customer)).toHaveLength(1);
    expect(stripe.calls.filter((x) => x.path === '/v1/customers' && x.form.metadata?.tenantId === tenantId)).toHaveLength(1);
    expect(await subscriptionOf(c)).toMatchObject({ plan: 'enterprise', billingCycle: 'yearly', limits: { maxProducts: null } });
    await waitFor(async () => (await limitsRow(stack.db, 'customers', tenantId))?.granted.plan === 'enterprise');
  });

  it('refuses a plan and cycle without a Stripe price, and reports an unpaid start honestly', async () => {
    const c = stack.client();
    await c.register();
    const res = await change(c, 'starter', 'yearly');
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('The Starter plan cannot be bought billed yearly online yet.');
    expect((await subscriptionOf(c)).status).toBe('trialing');

    stripe.state.nextStatus = 'incomplete';
    try {
      const pending = await change(c, 'enterprise', 'monthly');
      expect(pending.json).toEqual({
        message: 'You will be on the Enterprise plan, billed monthly once Stripe confirms the payment.',
        demoMode: false,
      });
      // Not paid: Starter's limits, not Enterprise's, and no trial any more.
      expect(await subscriptionOf(c)).toMatchObject({ plan: 'starter', status: 'inactive', limits: { maxCustomers: 5 } });
    } finally {
      stripe.state.nextStatus = 'active';
    }
  });

  it('keeps the state from signed customer.subscription.* webhooks: once per event, never unsigned or too old', async () => {
    const { c, tenantId, sub } = await subscribed('professional', 'monthly');
    stripe.set(sub.id, { status: 'past_due' });
    const updated = await deliver('customer.subscription.updated', sub, { id: 'evt_sub_updated_1' });
    expect(updated.status).toBe(200);
    expect(await subscriptionOf(c)).toMatchObject({ plan: 'professional', status: 'past_due', limits: { maxCustomers: null } });

    // The same delivery again is acknowledged and not applied twice; nor is a late, stale copy of an older state.
    stripe.set(sub.id, { status: 'active' });
    const replay = await deliver('customer.subscription.updated', { ...sub, status: 'past_due' }, { id: 'evt_sub_updated_1' });
    expect(replay.json).toEqual({ received: true, duplicate: true });
    expect((await subscriptionOf(c)).status).toBe('past_due');
    await deliver('customer.subscription.updated', { ...sub, status: 'past_due' }); // stale payload: Stripe's state is read
    expect((await subscriptionOf(c)).status).toBe('active');

    stripe.set(sub.id, { status: 'canceled' });
    const unsigned = await deliver('customer.subscription.deleted', sub, { signed: false });
    expect(unsigned.status).toBe(400);
    const old = await deliver('customer.subscription.deleted', sub, { at: Math.floor(Date.now() / 1000) - 600 });
    expect(old.status).toBe(400);
    expect((await subscriptionOf(c)).status).toBe('active');

    const deleted = await deliver('customer.subscription.deleted', sub);
    expect(deleted.status).toBe(200);
    expect(await subscriptionOf(c)).toMatchObject({ plan: 'starter', status: 'cancelled', limits: { maxCustomers: 5 } });
    await waitFor(async () => (await limitsRow(stack.db, 'billing', tenantId))?.status === 'cancelled');

    // Subscribing again after a cancellation makes a new subscription for the same customer.
    expect((await change(c, 'professional', 'yearly')).json.message).toBe('You are now on the Professional plan, billed yearly.');
    const subs = [...stripe.subscriptions.values()].filter((s) => s.customer === sub.customer);
    expect(subs.map((s) => s.status)).toEqual(['canceled', 'active']);
    // A late event of the cancelled one changes nothing.
    expect((await deliver('customer.subscription.deleted', sub)).status).toBe(200);
    expect(await subscriptionOf(c)).toMatchObject({ plan: 'professional', billingCycle: 'yearly', status: 'active' });
  });

  it('acknowledges a subscription of a customer that is not ours, or one Stripe does not know, and changes nothing', async () => {
    const foreign = {
      id: 'sub_foreign',
      object: 'subscription',
      customer: 'cus_foreign',
      status: 'active',
      metadata: {},
      items: { data: [] },
    };
    const res = await deliver('customer.subscription.updated', foreign);
    expect(res.status).toBe(200);
    expect(stripe.calls.some((x) => x.path === '/v1/subscriptions/sub_foreign')).toBe(false);

    // One of our customers, a subscription Stripe does not know (any more): acknowledged, nothing applied.
    const { c, sub } = await subscribed('professional', 'monthly');
    const unknown = await deliver('customer.subscription.deleted', { ...sub, id: 'sub_gone', status: 'canceled' });
    expect(unknown.status).toBe(200);
    expect(await subscriptionOf(c)).toMatchObject({ plan: 'professional', status: 'active' });
  });
});
