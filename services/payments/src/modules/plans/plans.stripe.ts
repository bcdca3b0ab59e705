import Stripe from 'stripe';
import type { BillingCycle, PlanName, SubscriptionChangeAnswer, SubscriptionPlan, SubscriptionStatus } from '@billpoint/proto';
import { BadGateway, scanTenants, Unprocessable, type Identity, type ServiceContext } from '@billpoint/kit';
import type { StripeEventHandler } from '../payment/stripe-webhook.ts';
import { cycleText, type PlanService, type StripeChanger } from './plans.service.ts';
import { NEXT_VERSION, RETURNING, writeRow, type SubscriptionRow } from './plans.sql.ts';

/** Stripe's subscription statuses in ours: unpaid counts as past due; an unfinished or paused one is inactive. */
const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'cancelled',
  incomplete: 'inactive',
  incomplete_expired: 'inactive',
  paused: 'inactive',
};
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid']);

const customerIdOf = (s: Stripe.Subscription) => (typeof s.customer === 'string' ? s.customer : s.customer.id);

/**
 * The tenant's subscription with Stripe: one Customer per tenant, one Subscription whose single item is the plan's
 * price for the cycle. A change updates that item (Stripe prorates as it does by default) or, when there is no live
 * subscription, creates one. Stripe's `customer.subscription.*` webhooks keep our row in step; each handler reads
 * the subscription as it is now, so events arriving late or out of order converge on Stripe's state.
 */
export class StripePlans implements StripeChanger {
  readonly #ctx: ServiceContext;
  readonly #stripe: Stripe;
  readonly #plans: PlanService;

  constructor(ctx: ServiceContext, stripe: Stripe, plans: PlanService) {
    this.#ctx = ctx;
    this.#stripe = stripe;
    this.#plans = plans;
  }

  async change(id: Identity, row: SubscriptionRow, plan: SubscriptionPlan, cycle: BillingCycle): Promise<SubscriptionChangeAnswer> {
    const price = cycle === 'yearly' ? plan.stripePriceIdYearly : plan.stripePriceIdMonthly;
    if (!price) throw new Unprocessable(`The ${plan.displayName} plan cannot be bought ${cycleText(cycle)} online yet.`);
    const metadata = { tenantId: id.tenantId, plan: plan.name, billingCycle: cycle };
    let sub: Stripe.Subscription;
    try {
      const customer = await this.#customer(id.tenantId, row);
      const existing = row.stripe_subscription_id ? await this.#stripe.subscriptions.retrieve(row.stripe_subscription_id) : null;
      const item = existing && LIVE.has(existing.status) ? existing.items.data[0] : undefined;
      sub = item
        ? await this.#stripe.subscriptions.update(existing!.id, {
            items: [{ id: item.id, price }],
            proration_behavior: 'create_prorations',
            metadata,
          })
        : await this.#stripe.subscriptions.create(
            { customer, items: [{ price }], metadata },
            // A double click (same row version, same choice) gets the same subscription back.
            { idempotencyKey: `billpoint-subscription-${id.tenantId}-${row.updated_at.getTime()}-${plan.name}-${cycle}` },
          );
    } catch (err) {
      this.#ctx.logger.warn({ err, tenantId: id.tenantId }, 'changing the Stripe subscription failed');
      if (err instanceof Stripe.errors.StripeCardError) throw new Unprocessable(err.message);
      throw new BadGateway('Stripe could not change the subscription. Please try again.');
    }
    const applied = await this.apply(id.tenantId, sub, { adopt: true });
    const what = `the ${plan.displayName} plan, ${cycleText(cycle)}`;
    return {
      message: applied && LIVE.has(sub.status) ? `You are now on ${what}.` : `You will be on ${what} once Stripe confirms the payment.`,
      demoMode: false,
    };
  }

  /** The tenant's Stripe Customer, made once (the idempotency key makes a retry or a second click get the same one). */
  async #customer(tenantId: string, row: SubscriptionRow): Promise<string> {
    if (row.stripe_customer_id) return row.stripe_customer_id;
    const made = await this.#stripe.customers.create(
      { description: `Billpoint organization ${tenantId}`, metadata: { tenantId } },
      { idempotencyKey: `billpoint-customer-${tenantId}` },
    );
    const [kept] = await this.#ctx.tx({ tenantId }, (em) =>
      em.execute<{ stripe_customer_id: string }[]>(
        `update payments.tenant_subscriptions set stripe_customer_id = coalesce(stripe_customer_id, ?) where tenant_id = ?
         returning stripe_customer_id`,
        [made.id, tenantId],
      ),
    );
    return kept?.stripe_customer_id ?? made.id;
  }

  /**
   * Writes a Stripe subscription's state to the tenant's row, with its `plan.changed` event. The plan and cycle come
   * from the item's price (the configured price ids), else from the metadata we set. Another subscription than
   * the row's replaces it only when we made it (`adopt`) or when it is live and the row's is not; null when ignored.
   */
  async apply(tenantId: string, sub: Stripe.Subscription, o: { adopt: boolean }): Promise<SubscriptionRow | null> {
    const item = sub.items.data[0];
    const known = (await this.#plans.plans()).flatMap((p) => [
      { price: p.stripePriceIdMonthly, plan: p.name, cycle: 'monthly' as const },
      { price: p.stripePriceIdYearly, plan: p.name, cycle: 'yearly' as const },
    ]);
    const byPrice = known.find((k) => k.price && k.price === item?.price.id);
    const plan = (byPrice?.plan ?? known.find((k) => k.plan === sub.metadata.plan)?.plan ?? null) as PlanName | null;
    const cycle =
      byPrice?.cycle ??
      (sub.metadata.billingCycle === 'yearly' || sub.metadata.billingCycle === 'monthly' ? sub.metadata.billingCycle : null);
    const periodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : null;
    const trialEnd = sub.trial_end ? new Date(sub.trial_end * 1000) : null; // Stripe's own trial, when it has one
    return this.#ctx.tx({ tenantId }, async (em) => {
      const row = await writeRow(
        em,
        `update payments.tenant_subscriptions
            set plan = coalesce(?, plan), billing_cycle = coalesce(?, billing_cycle), status = ?, stripe_subscription_id = ?,
                stripe_customer_id = coalesce(stripe_customer_id, ?), current_period_end = ?,
                trial_ends_at = coalesce(?, trial_ends_at), updated_at = ${NEXT_VERSION}
          where tenant_id = ? and (stripe_subscription_id is null or stripe_subscription_id = ? or ?::boolean
                or (?::boolean and status not in ('active', 'trialing', 'past_due')))
          ${RETURNING}`,
        [
          ...[plan, cycle, STATUS[sub.status] ?? 'inactive', sub.id, customerIdOf(sub), periodEnd, trialEnd, this.#plans.now()],
          ...[tenantId, sub.id, o.adopt, LIVE.has(sub.status)],
        ],
      );
      if (!row) {
        this.#ctx.logger.info({ tenantId, subscription: sub.id }, 'a Stripe subscription other than the tenant’s was ignored');
        return null;
      }
      await this.#plans.published(em, row);
      return row;
    });
  }

  /** customer.subscription.created|updated|deleted: the subscription as Stripe has it now, applied to its tenant. */
  webhookHandlers(): Record<string, StripeEventHandler> {
    const handle: StripeEventHandler = async (event) => {
      const sent = event.data.object as Stripe.Subscription;
      const customer = customerIdOf(sent);
      const [owner] = await scanTenants(this.#ctx.orm.em, 'payments', (em) =>
        em.execute<{ tenant_id: string }[]>(`select tenant_id from payments.tenant_subscriptions where stripe_customer_id = ?`, [customer]),
      );
      if (!owner) return void this.#ctx.logger.info({ customer, event: event.id }, 'a subscription of a customer that is not ours');
      let now: Stripe.Subscription;
      try {
        now = await this.#stripe.subscriptions.retrieve(sent.id);
      } catch (err) {
        // Gone at Stripe: nothing to apply (anything else is ours to retry: Stripe delivers the event again).
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)
          return void this.#ctx.logger.warn({ subscription: sent.id, event: event.id }, 'a subscription Stripe does not know');
        throw err;
      }
      await this.apply(owner.tenant_id, now, { adopt: false });
    };
    return { 'customer.subscription.created': handle, 'customer.subscription.updated': handle, 'customer.subscription.deleted': handle };
  }
}
