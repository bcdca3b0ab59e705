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

const SUB_COLUMNS = `tenant_id, plan, status, billing_cycle, trial_ends_at, stripe_customer_id, stripe_subscription_id,
  current_period_end, updated_at`;
export const RETURNING = `returning ${SUB_COLUMNS}`;
export const SUBSCRIPTION_SQL = `select ${SUB_COLUMNS} from payments.tenant_subscriptions where tenant_id = ?`;

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
