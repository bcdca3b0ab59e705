import {
  effectiveGrant,
  PlanEvents,
  SUBSCRIPTION_PLANS,
  TRIAL_DAYS,
  TRIAL_PLAN,
  type BillingCycle,
  type PlanName,
  type SubscriptionChangeAnswer,
  type SubscriptionChangeBody,
  type SubscriptionPlan,
  type TenantPlan,
  type UserSubscription,
} from '@billpoint/proto';
import { addEvent, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import { configuredPrices, priceEnvKey } from './plans.config.ts';
import {
  ensureSubscriptionRow,
  isLocalTrial,
  NEXT_VERSION,
  RETURNING,
  SUBSCRIPTION_SQL,
  subscriptionRow,
  tenantPlanOf,
  writeRow,
  type SubscriptionRow,
} from './plans.sql.ts';
import { readUsage } from './plans.usage.ts';

type Tenant = Pick<Identity, 'tenantId'>;
const DAY_MS = 86_400_000;

/** How a change is carried out with Stripe (plans.stripe.ts); absent without keys: changes then apply at once. */
export interface StripeChanger {
  change(id: Identity, row: SubscriptionRow, plan: SubscriptionPlan, cycle: BillingCycle): Promise<SubscriptionChangeAnswer>;
}

export const cycleText = (c: BillingCycle) => (c === 'yearly' ? 'billed yearly' : 'billed monthly');

/** Adds one month or one year (day clamped to the month's end, in UTC). */
export function addCycle(from: Date, cycle: BillingCycle): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + (cycle === 'yearly' ? 12 : 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Use cases of the plans and of the tenant's own subscription. Every tenant has a row from its organization's
 * creation (or its first sighting here): a 14-day Professional trial, then Starter unless a plan was chosen.
 * Each change of the row publishes `plan.changed` in its transaction, which feeds the limits read models of the
 * services that enforce them.
 */
export class PlanService {
  readonly #ctx: ServiceContext;
  readonly #now: () => Date;
  #plans: Promise<SubscriptionPlan[]> | undefined;
  stripe: StripeChanger | null = null;

  constructor(ctx: ServiceContext, o: { now?: () => Date } = {}) {
    this.#ctx = ctx;
    this.#now = o.now ?? (() => new Date());
  }

  now = () => this.#now();

  /** The three plans, from proto's plan table (`PLAN_TABLE`); Stripe price ids from STRIPE_PRICE_<PLAN>_<CYCLE>. */
  plans(): Promise<SubscriptionPlan[]> {
    this.#plans ??= (() => {
      const prices = configuredPrices(this.#ctx.config);
      return Promise.resolve(
        SUBSCRIPTION_PLANS.map((p) => ({
          ...p,
          stripePriceIdMonthly: prices.get(priceEnvKey(p.name, 'monthly')) ?? null,
          stripePriceIdYearly: prices.get(priceEnvKey(p.name, 'yearly')) ?? null,
        })),
      );
    })();
    return this.#plans;
  }

  async planMap(): Promise<Map<PlanName, SubscriptionPlan>> {
    return new Map((await this.plans()).map((p) => [p.name, p]));
  }

  /** The tenant's row in `em`'s transaction, made as a new trial at its first sighting (with its event). */
  async ensure(em: EntityManager, tenantId: string): Promise<SubscriptionRow> {
    const now = this.#now();
    const { row, created } = await ensureSubscriptionRow(em, tenantId, {
      plan: TRIAL_PLAN,
      endsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      now,
    });
    if (created) await this.published(em, row);
    return row;
  }

  /** Adds `plan.changed` for `row` to `em`'s transaction. */
  async published(em: EntityManager, row: SubscriptionRow): Promise<TenantPlan> {
    const data = tenantPlanOf(row, await this.planMap());
    addEvent(em, { subject: PlanEvents.Changed, tenantId: row.tenant_id, data });
    return data;
  }

  /** The tenant's row: one read, or (first sighting) a new trial made in a transaction with its event. */
  async row(t: Tenant): Promise<SubscriptionRow> {
    const [found] = await this.#ctx.reader.query(t.tenantId, SUBSCRIPTION_SQL.replace('?', '$1'), [t.tenantId]);
    return found ? subscriptionRow(found) : this.#ctx.tx(t, (em) => this.ensure(em, t.tenantId));
  }

  /** What the limits read models are filled with (PaymentsPlanGetRpc). */
  async tenantPlan(t: Tenant): Promise<TenantPlan> {
    return tenantPlanOf(await this.row(t), await this.planMap());
  }

  /** GET /api/user-subscription: what applies now — Professional while the trial runs, Starter once it is over. */
  async view(t: Tenant): Promise<UserSubscription> {
    const now = this.#now();
    const plans = await this.planMap();
    const row = await this.row(t);
    const { grant, trial } = effectiveGrant(tenantPlanOf(row, plans), now);
    const trialOver = isLocalTrial(row) && !trial;
    return {
      plan: grant.plan,
      displayName: grant.displayName,
      status: trialOver ? 'active' : row.status,
      billingCycle: row.billing_cycle,
      trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
      currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
      limits: grant.limits,
      flags: grant.flags,
      usage: await readUsage(this.#ctx, t.tenantId, now),
      demoMode: this.stripe === null,
    };
  }

  /** POST /api/subscription/change (plan.manage: admins); with Stripe through a Stripe subscription, else at once (demo). */
  async change(id: Identity, body: SubscriptionChangeBody): Promise<SubscriptionChangeAnswer> {
    const plan = (await this.planMap()).get(body.planName)!;
    const row = await this.row(id);
    const demoMode = this.stripe === null;
    // Choosing the plan one already has is answered, not refused (a double click); choosing during a trial ends it.
    if (!isLocalTrial(row) && row.status === 'active' && row.plan === plan.name && row.billing_cycle === body.billingCycle)
      return { message: `You are already on the ${plan.displayName} plan, ${cycleText(body.billingCycle)}.`, demoMode };
    if (this.stripe) return this.stripe.change(id, row, plan, body.billingCycle);

    const now = this.#now();
    await this.#ctx.tx(id, async (em) => {
      const updated = await writeRow(
        em,
        `update payments.tenant_subscriptions set plan = ?, billing_cycle = ?, status = 'active', current_period_end = ?,
           updated_at = ${NEXT_VERSION} where tenant_id = ? ${RETURNING}`,
        [plan.name, body.billingCycle, addCycle(now, body.billingCycle), now, id.tenantId],
      );
      await this.published(em, updated!);
    });
    return { message: `You are now on the ${plan.displayName} plan, ${cycleText(body.billingCycle)}.`, demoMode };
  }
}
