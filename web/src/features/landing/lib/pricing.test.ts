import { describe, expect, it } from 'vitest';
import { annualPrice, annualSavings, displayPrice, plans, recommendedPlan, REVENUE_SLIDER } from './pricing';

const byId = (id: string) => plans.find((plan) => plan.id === id)!;

describe('landing pricing (spec core §9)', () => {
  it('has the monthly prices 29, 69 and 199', () => {
    expect(plans.map((plan) => displayPrice(plan, 'monthly'))).toEqual([
      { price: 29, original: null },
      { price: 69, original: null },
      { price: 199, original: null },
    ]);
  });

  // Rule: annual price per month = round(base × 0.7) with bases 19, 49, 149; the monthly price is struck through.
  it('gives annual prices rounded from the bases 19, 49, 149 less 30%, with the monthly price as the original', () => {
    expect(annualPrice({ basePrice: 19 })).toBe(13);
    expect(annualPrice({ basePrice: 49 })).toBe(34);
    expect(annualPrice({ basePrice: 149 })).toBe(104);
    expect(displayPrice(byId('starter'), 'annual')).toEqual({ price: 13, original: 29 });
    expect(displayPrice(byId('professional'), 'annual')).toEqual({ price: 34, original: 69 });
    expect(displayPrice(byId('enterprise'), 'annual')).toEqual({ price: 104, original: 199 });
  });

  // Rule: savings = 30% of (19 + 49 + 149) = 65.10, to the cent.
  it('computes the savings as 30% of the sum of the base prices', () => {
    expect(annualSavings()).toBe(65.1);
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

  it('has the slider range of spec core §9', () => {
    expect(REVENUE_SLIDER).toEqual({ min: 0, max: 100_000, step: 500, default: 500 });
  });
});
