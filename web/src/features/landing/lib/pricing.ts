import {
  PLAN_TABLE,
  SUBSCRIPTION_PLANS,
  toMills,
  yearlyPricePerMonth,
  yearlySavingAmount,
  yearlySavingBadge,
  type PlanDefinition,
  type PlanLimits,
} from '@billpoint/proto';

/**
 * Landing page pricing, from proto's plan table like the plan chooser and the enforced limits.
 *
 * The first landing page priced annual billing from made-up bases (19, 49, 149 less 30%: $13, $34, $104) that are not what a
 * yearly subscription costs. Here the annual price per month is the plan's yearly price ÷ 12 ($20, $49, $149) with
 * the monthly price struck through beside it; the badge is the largest yearly saving in percent (the plan chooser's
 * "Save up to 31%"), and the savings line the largest yearly saving in dollars (Enterprise: 12 × $199 − $1,788 = $600).
 */
export type BillingCycle = 'monthly' | 'annual';

export type PlanId = PlanDefinition['name'];

export type Plan = {
  id: PlanId;
  name: string;
  /** Decimal strings, per month. */
  monthlyPrice: string;
  annualPrice: string;
  description: string;
  popular?: boolean;
  features: string[];
};

/** The landing's limit line: 'Up to 50 invoices/month', '5 customers', or 'Unlimited invoices and customers'. */
export function landingLimitLines(limits: Pick<PlanLimits, 'maxInvoices' | 'maxCustomers'>): string[] {
  const { maxInvoices: invoices, maxCustomers: customers } = limits;
  if (invoices === null && customers === null) return ['Unlimited invoices and customers'];
  return [
    invoices === null ? 'Unlimited invoices' : `Up to ${invoices.toLocaleString('en-US')} invoices/month`,
    customers === null ? 'Unlimited customers' : `${customers.toLocaleString('en-US')} ${customers === 1 ? 'customer' : 'customers'}`,
  ];
}

export const plans: Plan[] = PLAN_TABLE.map((p) => ({
  id: p.name,
  name: p.displayName,
  monthlyPrice: p.monthlyPrice,
  annualPrice: yearlyPricePerMonth(p),
  description: p.description,
  popular: p.name === 'professional',
  features: [...landingLimitLines(p.limits), ...p.highlights],
}));

/** What a plan card shows: the price per month, and under annual billing the struck-through monthly price. */
export function displayPrice(plan: Plan, cycle: BillingCycle): { price: string; original: string | null } {
  return cycle === 'annual' ? { price: plan.annualPrice, original: plan.monthlyPrice } : { price: plan.monthlyPrice, original: null };
}

/** The badge beside the Monthly/Annual switch: 'Save up to 31%', the plan chooser's figure. */
export const annualBadge = yearlySavingBadge(SUBSCRIPTION_PLANS);

/** The largest yearly saving in dollars, as a decimal string ('600.00'). */
export function annualSavings(all: readonly Pick<PlanDefinition, 'monthlyPrice' | 'yearlyPrice'>[] = PLAN_TABLE): string {
  return all.map(yearlySavingAmount).reduce((max, v) => (toMills(v) > toMills(max) ? v : max), '0.00');
}

/** Revenue slider. */
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

/** $29, $12.50 (a decimal string, formatted as written): cents only when there are some. */
export const formatPlanPrice = (v: string) => (/\.(0+)?$|^\d+$/.test(v) ? wholeDollars : cents).format(v as Intl.StringNumericLiteral);
export const formatSavings = formatPlanPrice;
