import {
  FALLBACK_PLAN,
  type BillingCycle,
  type PlanGrant,
  type PlanName,
  type SubscriptionPlan,
  type SubscriptionStatus,
  type TenantPlan,
} from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';

export interface PlanRow {
  id: number;
  name: PlanName;
  display_name: string;
  description: string;
  monthly_price: string;
  yearly_price: string;
  stripe_price_id_monthly: string | null;
  stripe_price_id_yearly: string | null;
  max_invoices: number | null;
  max_customers: number | null;
  max_products: number | null;
  max_api_keys: number | null;
  max_webhooks: number | null;
  has_ai_analytics: boolean;
  has_multi_currency: boolean;
  has_advanced_reporting: boolean;
  has_custom_branding: boolean;
  has_priority_support: boolean;
  has_api_access: boolean;
  features: string[];
  is_active: boolean;
  sort_order: number;
}

export interface SubscriptionRow {
  tenant_id: string;
  plan: PlanName;
  status: SubscriptionStatus;
  billing_cycle: BillingCycle;
  trial_ends_at: Date | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_end: Date | null;
  updated_at: Date;
}

export const PLANS_SQL = `select id, name, display_name, description, monthly_price::text as monthly_price,
  yearly_price::text as yearly_price, stripe_price_id_monthly, stripe_price_id_yearly, max_invoices, max_customers,
  max_products, max_api_keys, max_webhooks, has_ai_analytics, has_multi_currency, has_advanced_reporting,
  has_custom_branding, has_priority_support, has_api_access, features, is_active, sort_order
  from payments.plans order by sort_order, id`;

const SUB_COLUMNS = `tenant_id, plan, status, billing_cycle, trial_ends_at, stripe_customer_id, stripe_subscription_id,
  current_period_end, updated_at`;
export const RETURNING = `returning ${SUB_COLUMNS}`;
export const SUBSCRIPTION_SQL = `select ${SUB_COLUMNS} from payments.tenant_subscriptions where tenant_id = ?`;

export function toPlan(r: PlanRow): SubscriptionPlan {
  return {
    id: r.id,
    name: r.name,
    displayName: r.display_name,
    description: r.description,
    monthlyPrice: r.monthly_price,
    yearlyPrice: r.yearly_price,
    stripePriceIdMonthly: r.stripe_price_id_monthly,
    stripePriceIdYearly: r.stripe_price_id_yearly,
    maxInvoices: r.max_invoices,
    maxCustomers: r.max_customers,
    maxProducts: r.max_products,
    maxApiKeys: r.max_api_keys,
    maxWebhooks: r.max_webhooks,
    hasAiAnalytics: r.has_ai_analytics,
    hasMultiCurrency: r.has_multi_currency,
    hasAdvancedReporting: r.has_advanced_reporting,
    hasCustomBranding: r.has_custom_branding,
    hasPrioritySupport: r.has_priority_support,
    hasApiAccess: r.has_api_access,
    features: r.features,
    isActive: r.is_active,
    sortOrder: r.sort_order,
  };
}

export function grantOf(p: SubscriptionPlan): PlanGrant {
  return {
    plan: p.name,
    displayName: p.displayName,
    limits: {
      maxInvoices: p.maxInvoices,
      maxCustomers: p.maxCustomers,
      maxProducts: p.maxProducts,
      maxApiKeys: p.maxApiKeys,
      maxWebhooks: p.maxWebhooks,
    },
    flags: {
      hasAiAnalytics: p.hasAiAnalytics,
      hasMultiCurrency: p.hasMultiCurrency,
      hasAdvancedReporting: p.hasAdvancedReporting,
      hasCustomBranding: p.hasCustomBranding,
      hasPrioritySupport: p.hasPrioritySupport,
      hasApiAccess: p.hasApiAccess,
    },
  };
}

/** Statuses under which the subscribed plan's limits apply; anything else (unpaid, cancelled) falls back. */
const LIVE: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** Our own trial (no Stripe subscription behind it): the row's plan until trial_ends_at. */
export const isLocalTrial = (r: SubscriptionRow) => r.status === 'trialing' && !r.stripe_subscription_id && r.trial_ends_at !== null;

/** What other services enforce for this row (see TenantPlan). */
export function tenantPlanOf(r: SubscriptionRow, plans: Map<PlanName, SubscriptionPlan>): TenantPlan {
  const grant = (name: PlanName) => grantOf(plans.get(name)!);
  const trial = isLocalTrial(r);
  return {
    tenantId: r.tenant_id,
    status: r.status,
    granted: grant(!trial && LIVE.includes(r.status) ? r.plan : FALLBACK_PLAN),
    trial: trial ? grant(r.plan) : null,
    trialEndsAt: trial ? r.trial_ends_at!.toISOString() : null,
    updatedAt: r.updated_at.toISOString(),
  };
}

/** `updated_at` of a change: the clock's time, but always after the row's previous version (clocks of replicas differ). */
export const NEXT_VERSION = `greatest(updated_at + interval '1 millisecond', ?::timestamptz)`;

/**
 * The tenant's row, made now as a new trial when it has none ("first sighting"); `created` says which. Runs in `em`'s
 * transaction (the tenant's), so a caller adds the plan event with it.
 */
export async function ensureSubscriptionRow(
  em: EntityManager,
  tenantId: string,
  trial: { plan: PlanName; endsAt: Date; now: Date },
): Promise<{ row: SubscriptionRow; created: boolean }> {
  const inserted = await writeRow(
    em,
    `insert into payments.tenant_subscriptions (tenant_id, plan, status, billing_cycle, trial_ends_at, created_at, updated_at)
     values (?, ?, 'trialing', 'monthly', ?, ?, ?) on conflict (tenant_id) do nothing ${RETURNING}`,
    [tenantId, trial.plan, trial.endsAt, trial.now, trial.now],
  );
  if (inserted) return { row: inserted, created: true };
  return { row: (await writeRow(em, SUBSCRIPTION_SQL, [tenantId]))!, created: false };
}

const date = (v: unknown) => (v == null ? null : new Date(v as string));

/** A raw row with its instants as Dates (the ORM's raw queries answer them as text, `pg` as Dates). */
export const subscriptionRow = (r: Record<string, unknown>): SubscriptionRow => ({
  ...(r as unknown as SubscriptionRow),
  trial_ends_at: date(r.trial_ends_at),
  current_period_end: date(r.current_period_end),
  updated_at: date(r.updated_at)!,
});

/** Runs a statement answering subscription rows (`RETURNING`); its first row. */
export async function writeRow(em: EntityManager, sql: string, params: unknown[]): Promise<SubscriptionRow | null> {
  const [r] = await em.execute<Record<string, unknown>[]>(sql, params);
  return r ? subscriptionRow(r) : null;
}
