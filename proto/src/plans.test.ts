import { describe, expect, it } from 'vitest';
import { effectiveGrant, limitMessage, planButtonLabel, SubscriptionChangeBody, yearlySavingPercent, type PlanGrant } from './plans.ts';

const grant = (plan: PlanGrant['plan'], displayName: string): PlanGrant => ({
  plan,
  displayName,
  limits: { maxInvoices: null, maxCustomers: null, maxProducts: null, maxApiKeys: null, maxWebhooks: null },
  flags: {
    hasAiAnalytics: true,
    hasMultiCurrency: true,
    hasAdvancedReporting: true,
    hasCustomBranding: true,
    hasPrioritySupport: true,
    hasApiAccess: true,
  },
});

describe('plans', () => {
  it('words the limit messages with the limit, its unit and the plan (or trial)', () => {
    const starter = grant('starter', 'Starter');
    expect(limitMessage(starter, false, 'customers', 5)).toBe('Your Starter plan allows 5 customers. Upgrade your plan to add more.');
    expect(limitMessage(starter, false, 'invoices', 50)).toBe(
      'Your Starter plan allows 50 invoices per month. Upgrade your plan to add more.',
    );
    expect(limitMessage(starter, false, 'apiKeys', 1)).toBe('Your Starter plan allows 1 API key. Upgrade your plan to add more.');
    expect(limitMessage(grant('professional', 'Professional'), true, 'webhooks', 10)).toBe(
      'Your Professional trial allows 10 webhooks. Upgrade your plan to add more.',
    );
  });

  it('applies the trial until the instant it ends, then the granted plan', () => {
    const p = {
      granted: grant('starter', 'Starter'),
      trial: grant('professional', 'Professional'),
      trialEndsAt: '2030-01-15T12:00:00.000Z',
    };
    expect(effectiveGrant(p, new Date('2030-01-15T11:59:59.999Z'))).toMatchObject({ trial: true, grant: { plan: 'professional' } });
    expect(effectiveGrant(p, new Date('2030-01-15T12:00:00.000Z'))).toMatchObject({ trial: false, grant: { plan: 'starter' } });
    expect(effectiveGrant({ ...p, trial: null }, new Date(0))).toMatchObject({ trial: false, grant: { plan: 'starter' } });
  });

  it('labels the buttons: Downgrade to Starter, Upgrade from Starter, otherwise Switch', () => {
    const plan = (name: PlanGrant['plan'], displayName: string) => ({ name, displayName });
    expect(planButtonLabel(plan('starter', 'Starter'), 'enterprise')).toBe('Downgrade to Starter');
    expect(planButtonLabel(plan('enterprise', 'Enterprise'), 'starter')).toBe('Upgrade to Enterprise');
    expect(planButtonLabel(plan('professional', 'Professional'), 'enterprise')).toBe('Switch to Professional');
  });

  it('rounds the yearly saving: (12 × monthly − yearly) / (12 × monthly)', () => {
    expect(yearlySavingPercent({ monthlyPrice: '29.00', yearlyPrice: '240.00' })).toBe(31);
    expect(yearlySavingPercent({ monthlyPrice: '69.00', yearlyPrice: '588.00' })).toBe(29);
    expect(yearlySavingPercent({ monthlyPrice: '199.00', yearlyPrice: '1788.00' })).toBe(25);
    expect(yearlySavingPercent({ monthlyPrice: '10.00', yearlyPrice: '100.00' })).toBe(17);
    expect(yearlySavingPercent({ monthlyPrice: '0.00', yearlyPrice: '0.00' })).toBe(0);
  });

  it('takes exactly a plan and a cycle', () => {
    expect(SubscriptionChangeBody.safeParse({ planName: 'starter', billingCycle: 'yearly' }).success).toBe(true);
    expect(SubscriptionChangeBody.safeParse({ planName: 'starter', billingCycle: 'yearly', extra: 1 }).success).toBe(false);
  });
});
