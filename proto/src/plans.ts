import { z } from 'zod';
import { divRound, toMills } from './money.ts';
import { defineRpc } from './rpc.ts';

/** Plans and the tenant's own subscription. */
export const PlanNames = ['starter', 'professional', 'enterprise'] as const;
export const PlanName = z.enum(PlanNames, { error: 'Plan must be starter, professional or enterprise' });
export type PlanName = z.infer<typeof PlanName>;

export const BillingCycles = ['monthly', 'yearly'] as const;
export const BillingCycle = z.enum(BillingCycles, { error: 'Billing cycle must be monthly or yearly' });
export type BillingCycle = z.infer<typeof BillingCycle>;

export const SubscriptionStatuses = ['active', 'inactive', 'cancelled', 'past_due', 'trialing'] as const;
export const SubscriptionStatus = z.enum(SubscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Days of the trial every new organization starts with (the landing page promises 14), on Professional's limits. */
export const TRIAL_DAYS = 14;
export const TRIAL_PLAN: PlanName = 'professional';
/** The plan after a trial nobody converted, and under a cancelled or unpaid subscription. */
export const FALLBACK_PLAN: PlanName = 'starter';

const max = z.number().int().min(0).nullable();
/** Maximum counts; null means unlimited. `maxInvoices` is per calendar month (UTC). */
export const PlanLimits = z.object({ maxInvoices: max, maxCustomers: max, maxProducts: max, maxApiKeys: max, maxWebhooks: max });
export type PlanLimits = z.infer<typeof PlanLimits>;

export const PlanFlags = z.object({
  hasAiAnalytics: z.boolean(),
  hasMultiCurrency: z.boolean(),
  hasAdvancedReporting: z.boolean(),
  hasCustomBranding: z.boolean(),
  hasPrioritySupport: z.boolean(),
  hasApiAccess: z.boolean(),
});
export type PlanFlags = z.infer<typeof PlanFlags>;

/** A plan of GET /api/subscription-plans (subscription_plans). Prices are decimal strings; yearlyPrice is the whole year. */
export const SubscriptionPlan = z.object({
  id: z.number().int(),
  name: PlanName,
  displayName: z.string(),
  description: z.string(),
  monthlyPrice: z.string(),
  yearlyPrice: z.string(),
  stripePriceIdMonthly: z.string().nullable(),
  stripePriceIdYearly: z.string().nullable(),
  ...PlanLimits.shape,
  ...PlanFlags.shape,
  features: z.array(z.string()),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

/** What a plan grants: its limits and feature flags, with the name the limit messages use. */
export const PlanGrant = z.object({ plan: PlanName, displayName: z.string(), limits: PlanLimits, flags: PlanFlags });
export type PlanGrant = z.infer<typeof PlanGrant>;

const instant = z.iso.datetime({ offset: true });

/**
 * The tenant's plan as other services need it to enforce limits: `granted` applies, except while a trial runs
 * (`trial` until `trialEndsAt`). Carried by `PlanEvents.Changed` and answered by `PaymentsPlanGetRpc`; versioned by
 * `updatedAt`. A consumer computes what applies at a given instant with `effectiveGrant`, so a trial ends on time
 * without an event.
 */
export const TenantPlan = z.object({
  tenantId: z.uuid(),
  status: SubscriptionStatus,
  granted: PlanGrant,
  trial: PlanGrant.nullable(),
  trialEndsAt: instant.nullable(),
  updatedAt: instant,
});
export type TenantPlan = z.infer<typeof TenantPlan>;

/** The grant in force at `now`, and whether it is the trial's. */
export function effectiveGrant(
  p: { granted: PlanGrant; trial: PlanGrant | null; trialEndsAt: string | Date | null },
  now: Date,
): { grant: PlanGrant; trial: boolean } {
  const ends = p.trialEndsAt === null ? null : new Date(p.trialEndsAt);
  if (p.trial && ends && now.getTime() < ends.getTime()) return { grant: p.trial, trial: true };
  return { grant: p.granted, trial: false };
}

export const PlanEvents = {
  /** The tenant's plan, status or trial changed (or was first seen): data is `TenantPlan`. */
  Changed: 'evt.payments.plan.changed',
} as const;
export const PlanChangedData = TenantPlan;

/** { tenantId } → its TenantPlan (a tenant never seen before starts its trial now): fills a limits read model's miss. */
export const PaymentsPlanGetRpc = defineRpc({
  subject: 'rpc.payments.plan.get',
  service: 'payments',
  request: z.object({ tenantId: z.uuid() }),
  response: TenantPlan,
});

/** What a limit counts, the plan field that bounds it, and how its message names it. */
export const LimitedResources = {
  invoices: { limit: 'maxInvoices', one: 'invoice', many: 'invoices', per: ' per month' },
  customers: { limit: 'maxCustomers', one: 'customer', many: 'customers', per: '' },
  products: { limit: 'maxProducts', one: 'product', many: 'products', per: '' },
  apiKeys: { limit: 'maxApiKeys', one: 'API key', many: 'API keys', per: '' },
  webhooks: { limit: 'maxWebhooks', one: 'webhook', many: 'webhooks', per: '' },
} as const satisfies Record<string, { limit: keyof PlanLimits; one: string; many: string; per: string }>;
export type LimitedResource = keyof typeof LimitedResources;

/** The 403 message of a creation over the limit: 'Your Starter plan allows 5 customers. Upgrade your plan to add more.' */
export function limitMessage(grant: Pick<PlanGrant, 'displayName'>, trial: boolean, resource: LimitedResource, limit: number): string {
  const r = LimitedResources[resource];
  const what = `${grant.displayName} ${trial ? 'trial' : 'plan'}`;
  return `Your ${what} allows ${limit} ${limit === 1 ? r.one : r.many}${r.per}. Upgrade your plan to add more.`;
}

/**
 * The 403 of a plan without API access (`hasApiAccess`), for creating a key (`'create API keys'`) or calling the public
 * API with one (`'use the API'`): 'Your Starter plan does not include API access. Upgrade your plan to create API keys.'
 */
export function apiAccessMessage(grant: Pick<PlanGrant, 'displayName'>, trial: boolean, action: 'create API keys' | 'use the API'): string {
  return `Your ${grant.displayName} ${trial ? 'trial' : 'plan'} does not include API access. Upgrade your plan to ${action}.`;
}

/** Counts of what the limits bound, for the current calendar month (invoices) and in all (the rest). */
export const SubscriptionUsage = z.object({
  invoiceCount: z.number().int(),
  customerCount: z.number().int(),
  productCount: z.number().int(),
  apiKeyCount: z.number().int(),
  webhookCount: z.number().int(),
  currentPeriodStart: z.iso.date(),
  currentPeriodEnd: z.iso.date(),
});
export type SubscriptionUsage = z.infer<typeof SubscriptionUsage>;

/** GET /api/user-subscription: the tenant's subscription as it applies now (Professional while the trial runs). */
export const UserSubscription = z.object({
  plan: PlanName,
  displayName: z.string(),
  status: SubscriptionStatus,
  billingCycle: BillingCycle,
  trialEndsAt: instant.nullable(),
  currentPeriodEnd: instant.nullable(),
  limits: PlanLimits,
  flags: PlanFlags,
  usage: SubscriptionUsage,
  /** No Stripe keys: plan changes apply at once without payment. */
  demoMode: z.boolean(),
});
export type UserSubscription = z.infer<typeof UserSubscription>;

/** POST /api/subscription/change. */
export const SubscriptionChangeBody = z.strictObject({ planName: PlanName, billingCycle: BillingCycle });
export type SubscriptionChangeBody = z.infer<typeof SubscriptionChangeBody>;
export const SubscriptionChangeAnswer = z.object({ message: z.string(), demoMode: z.boolean() });
export type SubscriptionChangeAnswer = z.infer<typeof SubscriptionChangeAnswer>;

/** The plan chooser's texts, word for word; the yearly badge is computed (plan-table.ts). */
export const PlanMessages = {
  mostPopular: 'Most Popular',
  currentPlan: 'Current Plan',
  processing: 'Processing...',
  free: 'Free',
  comparisonTitle: 'Feature Comparison',
  updatedTitle: 'Subscription Updated',
  updatedFallback: 'Your subscription plan has been updated successfully.',
  demoSuffix: '(Demo mode - no payment required)',
  failedTitle: 'Subscription Update Failed',
  failedFallback: 'Failed to update subscription plan',
} as const;

/** 'Downgrade to Starter' for starter, 'Upgrade to {plan}' from starter, otherwise 'Switch to {plan}'. */
export function planButtonLabel(plan: Pick<SubscriptionPlan, 'name' | 'displayName'>, current: PlanName): string {
  if (plan.name === 'starter') return `Downgrade to ${plan.displayName}`;
  if (current === 'starter') return `Upgrade to ${plan.displayName}`;
  return `Switch to ${plan.displayName}`;
}

/** The rounded percentage (12 × monthly − yearly) / (12 × monthly); 0 for a free plan. */
export function yearlySavingPercent(p: Pick<SubscriptionPlan, 'monthlyPrice' | 'yearlyPrice'>): number {
  const twelve = toMills(p.monthlyPrice) * 12n;
  if (twelve <= 0n) return 0;
  return Number(divRound((twelve - toMills(p.yearlyPrice)) * 100n, twelve));
}
