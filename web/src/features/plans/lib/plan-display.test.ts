import { describe, expect, it } from 'vitest';
import { PLAN_TABLE, SUBSCRIPTION_PLANS, yearlySavingBadge, yearlySavingPercent } from '@billpoint/proto';
import { cardPrice, COMPARISON, limitLines, updatedDescription, FALLBACK_PLANS } from './plan-display';

describe('plan display', () => {
  it('shows the yearly price per month to the cent, the year and the saving; 0 is Free', () => {
    expect(cardPrice({ monthlyPrice: '29.00', yearlyPrice: '240.00' }, 'monthly')).toEqual({
      price: '$29',
      perMonth: true,
      billed: 'billed monthly',
      saving: null,
    });
    expect(cardPrice({ monthlyPrice: '10.00', yearlyPrice: '100.00' }, 'yearly')).toEqual({
      price: '$8.33',
      perMonth: true,
      billed: '$100 billed yearly',
      saving: 'Save 17%',
    });
    expect(cardPrice({ monthlyPrice: '0.00', yearlyPrice: '0.00' }, 'yearly')).toEqual({
      price: 'Free',
      perMonth: false,
      billed: null,
      saving: null,
    });
  });

  it('words the limits, unlimited and singular', () => {
    expect(limitLines(FALLBACK_PLANS[0]!)).toEqual(['50 invoices per month', '5 customers', '10 products', '0 API keys', '2 webhooks']);
    expect(limitLines(FALLBACK_PLANS[2]!)[0]).toBe('Unlimited invoices');
  });

  it('adds the demo-mode note to the server message, or uses the fallback text', () => {
    expect(updatedDescription({ message: 'You are now on the Starter plan, billed monthly.', demoMode: true })).toBe(
      'You are now on the Starter plan, billed monthly. (Demo mode - no payment required)',
    );
    expect(updatedDescription({ message: '', demoMode: false })).toBe('Your subscription plan has been updated successfully.');
  });

  it('the cards, the comparison rows, the badge and the enforced limits all come from the one plan table', () => {
    // Enforcement: payments grants each plan's `limits` of PLAN_TABLE (services/payments/test/plans.test.ts checks
    // GET /api/subscription-plans equals SUBSCRIPTION_PLANS); the cards read those plans.
    expect(FALLBACK_PLANS).toEqual(SUBSCRIPTION_PLANS);
    expect(COMPARISON.columns).toEqual(['Starter', 'Professional', 'Enterprise']);
    const row = (feature: string) => COMPARISON.rows.find((r) => r.feature === feature)!.values;
    PLAN_TABLE.forEach((plan, i) => {
      const card = SUBSCRIPTION_PLANS[i]!;
      expect([card.maxInvoices, card.maxCustomers, card.maxProducts, card.maxApiKeys, card.maxWebhooks]).toEqual([
        plan.limits.maxInvoices,
        plan.limits.maxCustomers,
        plan.limits.maxProducts,
        plan.limits.maxApiKeys,
        plan.limits.maxWebhooks,
      ]);
      const shown = (n: number | null) => (n === null ? 'Unlimited' : n.toLocaleString('en-US'));
      expect(row('Invoices per month')[i]).toBe(shown(plan.limits.maxInvoices));
      expect(row('Customers')[i]).toBe(shown(plan.limits.maxCustomers));
      expect(row('Products')[i]).toBe(shown(plan.limits.maxProducts));
      expect(limitLines(card)[1]).toBe(
        plan.limits.maxCustomers === null ? 'Unlimited customers' : `${shown(plan.limits.maxCustomers)} customers`,
      );
    });
    // The figures themselves: the enforced ones (the plans' published values).
    expect(row('Customers')).toEqual(['5', 'Unlimited', 'Unlimited']);
    expect(row('Invoices per month')).toEqual(['50', 'Unlimited', 'Unlimited']);
    // The badge is the largest card saving.
    const savings = SUBSCRIPTION_PLANS.map((p) => yearlySavingPercent(p));
    expect(savings).toEqual([31, 29, 25]);
    expect(yearlySavingBadge(SUBSCRIPTION_PLANS)).toBe(`Save up to ${Math.max(...savings)}%`);
    expect(cardPrice(SUBSCRIPTION_PLANS[0]!, 'yearly').saving).toBe('Save 31%');
    expect(yearlySavingBadge([{ monthlyPrice: '10.00', yearlyPrice: '120.00' }])).toBeNull();
  });
});
