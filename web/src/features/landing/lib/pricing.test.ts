import { describe, expect, it } from 'vitest';
import { PLAN_TABLE } from '@billpoint/proto';
import {
  annualBadge,
  annualSavings,
  displayPrice,
  formatPlanPrice,
  landingLimitLines,
  plans,
  recommendedPlan,
  REVENUE_SLIDER,
} from './pricing';

const byId = (id: string) => plans.find((plan) => plan.id === id)!;

describe('landing pricing (figures from the proto plan table)', () => {
  it('has the monthly prices 29, 69 and 199', () => {
    expect(plans.map((plan) => formatPlanPrice(displayPrice(plan, 'monthly').price))).toEqual(['$29', '$69', '$199']);
    expect(plans.every((plan) => displayPrice(plan, 'monthly').original === null)).toBe(true);
  });

  it('gives the annual price per month as the yearly price ÷ 12, with the monthly price as the original', () => {
    expect(displayPrice(byId('starter'), 'annual')).toEqual({ price: '20.00', original: '29.00' });
    expect(displayPrice(byId('professional'), 'annual')).toEqual({ price: '49.00', original: '69.00' });
    expect(displayPrice(byId('enterprise'), 'annual')).toEqual({ price: '149.00', original: '199.00' });
    expect(formatPlanPrice('12.50')).toBe('$12.50');
  });

  it('badges the largest saving in percent and states the largest in dollars', () => {
    expect(annualBadge).toBe('Save up to 31%');
    expect(annualSavings()).toBe('600.00'); // Enterprise: 12 × 199 − 1788
    expect(annualSavings([{ monthlyPrice: '10.00', yearlyPrice: '100.00' }])).toBe('20.00');
  });

  it('words the limits from the plan table, as the plan chooser enforces them', () => {
    expect(byId('starter').features.slice(0, 2)).toEqual(['Up to 50 invoices/month', '5 customers']);
    expect(byId('professional').features[0]).toBe('Unlimited invoices and customers');
    expect(landingLimitLines({ maxInvoices: 1000, maxCustomers: 1 })).toEqual(['Up to 1,000 invoices/month', '1 customer']);
    expect(plans.map((p) => p.features.slice(-1)[0])).toEqual(PLAN_TABLE.map((p) => p.highlights.at(-1)));
  });

  it('recommends a plan by monthly revenue: Starter 0-5K, Professional 5K-50K, Enterprise 50K+', () => {
    expect(recommendedPlan(0)).toBe('starter');
    expect(recommendedPlan(REVENUE_SLIDER.default)).toBe('starter');
    expect(recommendedPlan(4_500)).toBe('starter');
    expect(recommendedPlan(5_000)).toBe('professional');
    expect(recommendedPlan(49_500)).toBe('professional');
    expect(recommendedPlan(50_000)).toBe('enterprise');
    expect(recommendedPlan(100_000)).toBe('enterprise');
  });

  it('has the revenue slider range', () => {
    expect(REVENUE_SLIDER).toEqual({ min: 0, max: 100_000, step: 500, default: 500 });
  });
});
