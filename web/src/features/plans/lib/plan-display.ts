import {
  comparisonRows,
  divMills,
  fromMills,
  PLAN_TABLE,
  planLimitLines,
  PlanMessages,
  SUBSCRIPTION_PLANS,
  toMills,
  yearlySavingPercent,
  type BillingCycle,
  type PlanFlags,
  type SubscriptionPlan,
} from '@billpoint/proto';

/**
 * What a plan card shows. Monthly: the monthly price. Yearly: the year's price as a price per month
 * (yearlyPrice / 12, to the cent, in integers), with the year's total and the saving beside it. A price of 0 is
 * 'Free'.
 */
export function cardPrice(plan: Pick<SubscriptionPlan, 'monthlyPrice' | 'yearlyPrice'>, cycle: BillingCycle) {
  const perMonth = cycle === 'yearly' ? divMills(toMills(plan.yearlyPrice), 12n, 2) : toMills(plan.monthlyPrice);
  const free = perMonth === 0n;
  const saving = yearlySavingPercent(plan);
  return {
    price: free ? PlanMessages.free : dollars(perMonth),
    perMonth: !free,
    billed: free ? null : cycle === 'yearly' ? `${dollars(toMills(plan.yearlyPrice))} billed yearly` : 'billed monthly',
    saving: cycle === 'yearly' && saving > 0 ? `Save ${saving}%` : null,
  };
}

/** $29, $20, $12.50 from mills: cents only when there are some. */
export function dollars(mills: bigint): string {
  const whole = mills % 1000n === 0n;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(fromMills(mills) as Intl.StringNumericLiteral);
}

/** The card's limits: '50 invoices per month', 'Unlimited customers', '1 API key' (proto's plan table wording). */
export function limitLines(plan: SubscriptionPlan): string[] {
  return planLimitLines(plan);
}

/** The six feature ticks of each card (the plan's feature flags). */
export const FEATURE_TICKS: { flag: keyof PlanFlags; label: string }[] = [
  { flag: 'hasAiAnalytics', label: 'AI analytics' },
  { flag: 'hasMultiCurrency', label: 'Multi-currency' },
  { flag: 'hasAdvancedReporting', label: 'Advanced reporting' },
  { flag: 'hasCustomBranding', label: 'Custom branding' },
  { flag: 'hasPrioritySupport', label: 'Priority support' },
  { flag: 'hasApiAccess', label: 'API access' },
];

/**
 * The Feature Comparison table, from proto's plan table like the cards and the enforced limits (the old
 * comparison text — 25 and 500 customers, 1,000 invoices — contradicted the plans' limits and is not used).
 */
export const COMPARISON = {
  columns: PLAN_TABLE.map((p) => p.displayName),
  rows: comparisonRows(PLAN_TABLE),
};

/** What the chooser shows when the plans cannot be loaded: the plan table's plans. */
export const FALLBACK_PLANS: SubscriptionPlan[] = [...SUBSCRIPTION_PLANS];

/** 'Subscription Updated' with the server's message, plus the demo-mode note. */
export function updatedDescription(answer: { message?: string; demoMode?: boolean }): string {
  const message = answer.message || PlanMessages.updatedFallback;
  return answer.demoMode ? `${message} ${PlanMessages.demoSuffix}` : message;
}
