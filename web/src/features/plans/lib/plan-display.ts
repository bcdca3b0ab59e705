import {
  divRound,
  LimitedResources,
  PlanMessages,
  toCents,
  yearlySavingPercent,
  type BillingCycle,
  type LimitedResource,
  type PlanFlags,
  type SubscriptionPlan,
} from '@billpoint/proto';

/**
 * What a plan card shows (areas §2, §9). Monthly: the monthly price. Yearly: the year's price as a price per month
 * (yearlyPrice / 12, to the cent, in integers), with the year's total and the saving beside it. A price of 0 is
 * 'Free'.
 */
export function cardPrice(plan: Pick<SubscriptionPlan, 'monthlyPrice' | 'yearlyPrice'>, cycle: BillingCycle) {
  const perMonth = cycle === 'yearly' ? divRound(toCents(plan.yearlyPrice), 12n) : toCents(plan.monthlyPrice);
  const free = perMonth === 0n;
  const saving = yearlySavingPercent(plan);
  return {
    price: free ? PlanMessages.free : dollars(perMonth),
    perMonth: !free,
    billed: free ? null : cycle === 'yearly' ? `${dollars(toCents(plan.yearlyPrice))} billed yearly` : 'billed monthly',
    saving: cycle === 'yearly' && saving > 0 ? `Save ${saving}%` : null,
  };
}

/** $29, $20, $12.50: cents only when there are some. */
export function dollars(cents: bigint): string {
  const whole = cents % 100n === 0n;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(Number(cents) / 100);
}

const ORDER: LimitedResource[] = ['invoices', 'customers', 'products', 'apiKeys', 'webhooks'];

/** The card's limits: '50 invoices per month', 'Unlimited customers', '1 API key'. */
export function limitLines(plan: SubscriptionPlan): string[] {
  return ORDER.map((r) => {
    const { limit, one, many, per } = LimitedResources[r];
    const n = plan[limit];
    if (n === null) return `Unlimited ${many}`;
    return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}${per}`;
  });
}

/** The six feature ticks of each card (areas §6's flags). */
export const FEATURE_TICKS: { flag: keyof PlanFlags; label: string }[] = [
  { flag: 'hasAiAnalytics', label: 'AI analytics' },
  { flag: 'hasMultiCurrency', label: 'Multi-currency' },
  { flag: 'hasAdvancedReporting', label: 'Advanced reporting' },
  { flag: 'hasCustomBranding', label: 'Custom branding' },
  { flag: 'hasPrioritySupport', label: 'Priority support' },
  { flag: 'hasApiAccess', label: 'API access' },
];

/**
 * The Feature Comparison table, word for word from areas §9 — its text is its own and differs from the plans'
 * limits (25 customers on Starter here, 5 enforced).
 */
export const COMPARISON = {
  columns: ['Starter', 'Professional', 'Enterprise'],
  rows: [
    { feature: 'Invoices', values: ['50', '1,000', 'Unlimited'] },
    { feature: 'Customers', values: ['25', '500', 'Unlimited'] },
    { feature: 'Products', values: ['10', '100', 'Unlimited'] },
    { feature: 'Support', values: ['Community', 'Priority Email', 'Dedicated Manager'] },
  ],
} as const;

const flags = (on: boolean): PlanFlags => ({
  hasAiAnalytics: on,
  hasMultiCurrency: on,
  hasAdvancedReporting: on,
  hasCustomBranding: on,
  hasPrioritySupport: on,
  hasApiAccess: on,
});
const fallback = (
  p: Omit<SubscriptionPlan, 'stripePriceIdMonthly' | 'stripePriceIdYearly' | 'isActive' | keyof PlanFlags>,
  on: boolean,
) => ({
  ...p,
  ...flags(on),
  stripePriceIdMonthly: null,
  stripePriceIdYearly: null,
  isActive: true,
});

/** Areas §9's fallback values: what the chooser shows when the plans cannot be loaded. */
export const FALLBACK_PLANS: SubscriptionPlan[] = [
  fallback(
    {
      id: 1,
      name: 'starter',
      displayName: 'Starter',
      description: 'For freelancers getting started',
      monthlyPrice: '29.00',
      yearlyPrice: '240.00',
      maxInvoices: 50,
      maxCustomers: 5,
      maxProducts: 10,
      maxApiKeys: 1,
      maxWebhooks: 2,
      features: [],
      sortOrder: 1,
    },
    false,
  ),
  fallback(
    {
      id: 2,
      name: 'professional',
      displayName: 'Professional',
      description: 'For growing businesses',
      monthlyPrice: '69.00',
      yearlyPrice: '588.00',
      maxInvoices: null,
      maxCustomers: null,
      maxProducts: 100,
      maxApiKeys: 5,
      maxWebhooks: 10,
      features: [],
      sortOrder: 2,
    },
    true,
  ),
  fallback(
    {
      id: 3,
      name: 'enterprise',
      displayName: 'Enterprise',
      description: 'For large organizations',
      monthlyPrice: '199.00',
      yearlyPrice: '1788.00',
      maxInvoices: null,
      maxCustomers: null,
      maxProducts: null,
      maxApiKeys: null,
      maxWebhooks: null,
      features: [],
      sortOrder: 3,
    },
    true,
  ),
];

/** Areas §8: 'Subscription Updated' with the server's message, plus the demo-mode note. */
export function updatedDescription(answer: { message?: string; demoMode?: boolean }): string {
  const message = answer.message || PlanMessages.updatedFallback;
  return answer.demoMode ? `${message} ${PlanMessages.demoSuffix}` : message;
}
