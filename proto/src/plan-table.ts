import { divMills, fromMills, toMills } from './money.ts';
import {
  LimitedResources,
  yearlySavingPercent,
  type LimitedResource,
  type PlanFlags,
  type PlanGrant,
  type PlanLimits,
  type PlanName,
  type SubscriptionPlan,
} from './plans.ts';

/**
 * THE plan table: every figure about the plans is read from here — the payments service's GET /api/subscription-plans
 * and the grants it hands to the services that enforce the limits (kit plan-limits), the plan chooser's cards and its
 * Feature Comparison table, the landing page's pricing section, and the "Save up to N%" badge.
 *
 * The figures are the plans' published values, which are also what was enforced before this table (the old comparison
 * table text — 25 and 500 customers, 1,000 invoices — contradicted them and is no longer shown). Prices are exact
 * decimal strings; `yearlyPrice` is the price of a whole year ($20/month billed yearly is 240.00). Limits: null means
 * unlimited; invoices count per calendar month (UTC).
 */
export interface PlanDefinition {
  id: number;
  name: PlanName;
  displayName: string;
  description: string;
  monthlyPrice: string;
  yearlyPrice: string;
  limits: PlanLimits;
  flags: PlanFlags;
  /** The Support row of the comparison table. */
  support: string;
  /** What the plan offers beyond its limits, as the landing page and the plan's `features` list it. */
  highlights: readonly string[];
  sortOrder: number;
}

const allFlags = (on: boolean): PlanFlags => ({
  hasAiAnalytics: on,
  hasMultiCurrency: on,
  hasAdvancedReporting: on,
  hasCustomBranding: on,
  hasPrioritySupport: on,
  hasApiAccess: on,
});

export const PLAN_TABLE: readonly PlanDefinition[] = [
  {
    id: 1,
    name: 'starter',
    displayName: 'Starter',
    description: 'For freelancers getting started',
    monthlyPrice: '29.00',
    yearlyPrice: '240.00',
    limits: { maxInvoices: 50, maxCustomers: 5, maxProducts: 10, maxApiKeys: 0, maxWebhooks: 2 },
    flags: allFlags(false),
    support: 'Email',
    highlights: ['Basic reporting', 'Email support', 'Mobile app', 'Payment tracking'],
    sortOrder: 1,
  },
  {
    id: 2,
    name: 'professional',
    displayName: 'Professional',
    description: 'For growing businesses',
    monthlyPrice: '69.00',
    yearlyPrice: '588.00',
    limits: { maxInvoices: null, maxCustomers: null, maxProducts: 100, maxApiKeys: 5, maxWebhooks: 10 },
    flags: allFlags(true),
    support: 'Priority Email',
    highlights: ['Advanced analytics', 'Priority support', 'Custom branding', 'Recurring billing', 'Multi-currency', 'API access'],
    sortOrder: 2,
  },
  {
    id: 3,
    name: 'enterprise',
    displayName: 'Enterprise',
    description: 'For large organizations',
    monthlyPrice: '199.00',
    yearlyPrice: '1788.00',
    limits: { maxInvoices: null, maxCustomers: null, maxProducts: null, maxApiKeys: null, maxWebhooks: null },
    flags: allFlags(true),
    support: 'Dedicated Manager',
    highlights: [
      'Everything in Professional',
      'White-label',
      'Advanced integrations',
      'Dedicated account manager',
      'Custom workflows',
      'SOC 2 compliance',
      'Advanced security',
      '24/7 phone support',
    ],
    sortOrder: 3,
  },
];

export function planDefinition(name: PlanName): PlanDefinition {
  return PLAN_TABLE.find((p) => p.name === name)!;
}

const LIMIT_ORDER: LimitedResource[] = ['invoices', 'customers', 'products', 'apiKeys', 'webhooks'];

/** A plan's limits in words: '50 invoices per month', 'Unlimited customers', '0 API keys' (Starter: no API access). */
export function planLimitLines(limits: PlanLimits): string[] {
  return LIMIT_ORDER.map((r) => {
    const { limit, one, many, per } = LimitedResources[r];
    const n = limits[limit];
    if (n === null) return `Unlimited ${many}`;
    return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}${per}`;
  });
}

/** A plan of GET /api/subscription-plans, from the table (Stripe price ids are the deployment's: null here). */
export function subscriptionPlanOf(p: PlanDefinition): SubscriptionPlan {
  return {
    id: p.id,
    name: p.name,
    displayName: p.displayName,
    description: p.description,
    monthlyPrice: p.monthlyPrice,
    yearlyPrice: p.yearlyPrice,
    stripePriceIdMonthly: null,
    stripePriceIdYearly: null,
    ...p.limits,
    ...p.flags,
    features: [...planLimitLines(p.limits), ...p.highlights],
    isActive: true,
    sortOrder: p.sortOrder,
  };
}

/** The three plans as GET /api/subscription-plans answers them (before the deployment's Stripe price ids). */
export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = PLAN_TABLE.map(subscriptionPlanOf);

/** What a plan grants (the limits the services enforce). */
export function planGrantOf(p: Pick<PlanDefinition, 'name' | 'displayName' | 'limits' | 'flags'>): PlanGrant {
  return { plan: p.name, displayName: p.displayName, limits: { ...p.limits }, flags: { ...p.flags } };
}

/** The largest yearly saving of `plans` in percent (rounded per plan), 0 when none saves. */
export function largestYearlySaving(plans: readonly Pick<SubscriptionPlan, 'monthlyPrice' | 'yearlyPrice'>[]): number {
  return plans.reduce((max, p) => Math.max(max, yearlySavingPercent(p)), 0);
}

/** The Monthly/Yearly toggle's badge: 'Save up to 31%' (null when no plan saves anything yearly). */
export function yearlySavingBadge(plans: readonly Pick<SubscriptionPlan, 'monthlyPrice' | 'yearlyPrice'>[]): string | null {
  const n = largestYearlySaving(plans);
  return n > 0 ? `Save up to ${n}%` : null;
}

/** What a year costs less billed yearly than twelve months billed monthly, as a decimal string ('600.00'). */
export function yearlySavingAmount(p: Pick<PlanDefinition, 'monthlyPrice' | 'yearlyPrice'>): string {
  return fromMills(toMills(p.monthlyPrice) * 12n - toMills(p.yearlyPrice));
}

/** The price per month billed yearly, to the cent (half up): 240.00 a year is '20.00'. */
export function yearlyPricePerMonth(p: Pick<PlanDefinition, 'yearlyPrice'>): string {
  return fromMills(divMills(toMills(p.yearlyPrice), 12n, 2));
}

/** The Feature Comparison table: one row per limit and the support row, a column per plan, all from the table. */
export function comparisonRows(plans: readonly PlanDefinition[] = PLAN_TABLE): { feature: string; values: string[] }[] {
  const count = (n: number | null) => (n === null ? 'Unlimited' : n.toLocaleString('en-US'));
  const row = (feature: string, limit: keyof PlanLimits) => ({ feature, values: plans.map((p) => count(p.limits[limit])) });
  return [
    row('Invoices per month', 'maxInvoices'),
    row('Customers', 'maxCustomers'),
    row('Products', 'maxProducts'),
    row('API keys', 'maxApiKeys'),
    row('Webhooks', 'maxWebhooks'),
    { feature: 'Support', values: plans.map((p) => p.support) },
  ];
}
