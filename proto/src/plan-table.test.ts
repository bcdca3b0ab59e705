import { describe, expect, it } from 'vitest';
import {
  comparisonRows,
  largestYearlySaving,
  PLAN_TABLE,
  planGrantOf,
  planLimitLines,
  SUBSCRIPTION_PLANS,
  yearlyPricePerMonth,
  yearlySavingAmount,
  yearlySavingBadge,
} from './plan-table.ts';
import { PlanNames, yearlySavingPercent } from './plans.ts';

describe('the plan table', () => {
  it('has one row per plan, in order, with exact decimal prices', () => {
    expect(PLAN_TABLE.map((p) => p.name)).toEqual([...PlanNames]);
    expect(PLAN_TABLE.map((p) => [p.monthlyPrice, p.yearlyPrice, yearlyPricePerMonth(p)])).toEqual([
      ['29.00', '240.00', '20.00'],
      ['69.00', '588.00', '49.00'],
      ['199.00', '1788.00', '149.00'],
    ]);
  });

  it('serves, grants and compares the same limits', () => {
    PLAN_TABLE.forEach((p, i) => {
      const served = SUBSCRIPTION_PLANS[i]!;
      const grant = planGrantOf(p);
      expect(grant.limits).toEqual(p.limits);
      expect({ ...served }).toMatchObject({ ...p.limits, ...p.flags });
      expect(served.features.slice(0, 5)).toEqual(planLimitLines(p.limits));
    });
    expect(comparisonRows()).toEqual([
      { feature: 'Invoices per month', values: ['50', 'Unlimited', 'Unlimited'] },
      { feature: 'Customers', values: ['5', 'Unlimited', 'Unlimited'] },
      { feature: 'Products', values: ['10', '100', 'Unlimited'] },
      { feature: 'API keys', values: ['0', '5', 'Unlimited'] },
      { feature: 'Webhooks', values: ['2', '10', 'Unlimited'] },
      { feature: 'Support', values: ['Email', 'Priority Email', 'Dedicated Manager'] },
    ]);
  });

  it('computes the savings: per plan, the largest as the badge, in dollars', () => {
    expect(SUBSCRIPTION_PLANS.map(yearlySavingPercent)).toEqual([31, 29, 25]);
    expect(largestYearlySaving(SUBSCRIPTION_PLANS)).toBe(31);
    expect(yearlySavingBadge(SUBSCRIPTION_PLANS)).toBe('Save up to 31%');
    expect(yearlySavingBadge([{ monthlyPrice: '0.00', yearlyPrice: '0.00' }])).toBeNull();
    expect(PLAN_TABLE.map(yearlySavingAmount)).toEqual(['108.00', '240.00', '600.00']);
  });
});
