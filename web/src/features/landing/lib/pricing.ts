/**
 * Landing page pricing (spec core §9).
 *
 * Rule derived from §9: each plan has a monthly list price (Starter 29, Professional 69, Enterprise 199)
 * and a base price (19, 49, 149). With annual billing the price per month is the base price with the 30%
 * discount applied, rounded to whole dollars: round(base × 0.7) → Starter $13, Professional $34,
 * Enterprise $104; the monthly list price is shown struck through beside it. The savings figure is 30%
 * of the sum of the three base prices: 0.3 × (19 + 49 + 149) = $65.10, shown unrounded (§9 rounds only
 * the prices).
 */
export type BillingCycle = 'monthly' | 'annual';

export const ANNUAL_DISCOUNT = 0.3;

export type PlanId = 'starter' | 'professional' | 'enterprise';

export type Plan = {
  id: PlanId;
  name: string;
  monthlyPrice: number;
  basePrice: number;
  description: string;
  popular?: boolean;
  features: string[];
};

export const plans: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: 29,
    basePrice: 19,
    description: 'For freelancers getting started',
    features: ['Up to 50 invoices/month', '5 customers', 'Basic reporting', 'Email support', 'Mobile app', 'Payment tracking'],
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 69,
    basePrice: 49,
    description: 'For growing businesses',
    popular: true,
    features: [
      'Unlimited invoices and customers',
      'Advanced analytics',
      'Priority support',
      'Custom branding',
      'Recurring billing',
      'Multi-currency',
      'API access',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: 199,
    basePrice: 149,
    description: 'For large organizations',
    features: [
      'Everything in Professional',
      'White-label',
      'Advanced integrations',
      'Dedicated account manager',
      'Custom workflows',
      'SOC 2 compliance',
      'Advanced security',
      '24/7 phone support',
    ],
  },
];

/** Price per month under annual billing: the base price less 30%, rounded to whole dollars. */
export function annualPrice(plan: Pick<Plan, 'basePrice'>): number {
  return Math.round(plan.basePrice * (1 - ANNUAL_DISCOUNT));
}

/** What a plan card shows: the price, and under annual billing the struck-through original. */
export function displayPrice(plan: Plan, cycle: BillingCycle): { price: number; original: number | null } {
  return cycle === 'annual' ? { price: annualPrice(plan), original: plan.monthlyPrice } : { price: plan.monthlyPrice, original: null };
}

/** 30% of the sum of the three base prices, to the cent. */
export function annualSavings(all: Pick<Plan, 'basePrice'>[] = plans): number {
  const sumCents = all.reduce((sum, plan) => sum + plan.basePrice * 100, 0);
  return Math.round(sumCents * ANNUAL_DISCOUNT) / 100;
}

/** Revenue slider (spec core §9). */
export const REVENUE_SLIDER = { min: 0, max: 100_000, step: 500, default: 500 } as const;

/** Guidance by monthly revenue: Starter for 0-5K, Professional for 5K-50K, Enterprise for 50K+. */
export function recommendedPlan(monthlyRevenue: number): PlanId {
  if (monthlyRevenue < 5_000) return 'starter';
  if (monthlyRevenue < 50_000) return 'professional';
  return 'enterprise';
}

export const guidanceText: Record<PlanId, string> = {
  starter: 'Starter for 0-5K monthly revenue',
  professional: 'Professional for 5K-50K monthly revenue',
  enterprise: 'Enterprise for 50K+ monthly revenue',
};

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatPlanPrice = (n: number) => wholeDollars.format(n);
export const formatSavings = (n: number) => cents.format(n);
