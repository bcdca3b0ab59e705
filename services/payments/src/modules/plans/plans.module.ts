import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import {
  OrganizationCreatedData,
  OrganizationEvents,
  PaymentsPlanGetRpc,
  SubscriptionChangeBody,
  type SubscriptionChangeAnswer,
  type SubscriptionPlan,
  type UserSubscription,
} from '@billpoint/proto';
import { consumeEvents, rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import type { StripeEventHandler } from '../payment/stripe-webhook.ts';
import { PlanService } from './plans.service.ts';
import { StripePlans } from './plans.stripe.ts';
import { usageConsumers } from './plans.usage.ts';

export interface PlansModule {
  service: PlanService;
  /** GET /api/subscription-plans (public), GET /api/user-subscription, POST /api/subscription/change. */
  routes(app: FastifyInstance): void;
  /** `customer.subscription.*` for the Stripe webhook route (empty without Stripe). */
  stripeHandlers: Record<string, StripeEventHandler>;
}

/**
 * Plans and the tenant's own subscription, as one unit the payments service plugs in (app.ts): routes, consumers
 * and Stripe webhook handlers. `stripe` is the client when Stripe is configured, else null (demo mode).
 */
export function plansModule(ctx: ServiceContext, stripe: Stripe | null, o: { now?: () => Date } = {}): PlansModule {
  const service = new PlanService(ctx, o);
  const viaStripe = stripe ? new StripePlans(ctx, stripe, service) : null;
  service.stripe = viaStripe;
  return {
    service,
    stripeHandlers: viaStripe?.webhookHandlers() ?? {},

    routes(app) {
      // Public (registry): the plan chooser shows the plans signed out too. Reference data, no tenant.
      app.get('/api/subscription-plans', async (): Promise<SubscriptionPlan[]> => service.plans());
      app.get('/api/user-subscription', { config: { permission: 'plan.read' } }, async (req): Promise<UserSubscription> =>
        service.view(req.identity),
      );
      app.post(
        '/api/subscription/change',
        { config: { permission: 'plan.manage', contract: { body: SubscriptionChangeBody } } },
        async (req): Promise<SubscriptionChangeAnswer> => service.change(req.identity, SubscriptionChangeBody.parse(req.body ?? {})),
      );
    },
  };
}

/** New organizations' trials, usage counts, and the RPC that fills other services' limits read models. */
export async function plansConsumers(ctx: ServiceContext, o: { now?: () => Date } = {}): Promise<Subscription[]> {
  const service = new PlanService(ctx, o);
  const trials = await consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'payments-organizations',
    subject: OrganizationEvents.Created,
    parse: (data) => OrganizationCreatedData.parse(data),
    handle: async (event, em) => void (await service.ensure(em, event.tenantId)),
  });
  const plan = await rpcRespond(ctx.bus, PaymentsPlanGetRpc, ({ tenantId }) => service.tenantPlan({ tenantId }), { logger: ctx.logger });
  return [trials, plan, ...(await usageConsumers(ctx))];
}
