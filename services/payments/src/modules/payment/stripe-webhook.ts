import type Stripe from 'stripe';
import { fromMinor } from '@billpoint/proto';
import { AppError, Invalid, NotFound, type ServiceContext } from '@billpoint/kit';
import { WEBHOOK_TOLERANCE_S } from '../providers/stripe.ts';
import { applyIntent } from './card.ts';
import type { Ledger } from './ledger.ts';

/** A handler of one Stripe event type (plans add `customer.subscription.*`). */
export type StripeEventHandler = (event: Stripe.Event) => Promise<void>;

/**
 * POST /api/stripe/webhook. The signature is checked on the raw bytes (Stripe-Signature, 5-minute tolerance: an old
 * or replayed signature is a 400); each event id is handled once (a delivery Stripe repeats is answered 200 and
 * ignored). Effects are idempotent on their own too (payments only move forward), so a confirmation and the webhook
 * may arrive in either order, any number of times: one payment. An event about something that is not ours, or
 * that does not match its attempt, is logged and acknowledged (a 4xx would only make Stripe retry it for days).
 */
export function stripeWebhook(
  ctx: ServiceContext,
  o: {
    stripe: Stripe | null;
    secret: string | undefined;
    ledger: Ledger;
    handlers?: Record<string, StripeEventHandler>;
    /** A portal payment's intent (metadata.portalPaymentId): the portal's pay-several completes it. */
    portal?: (intent: Stripe.PaymentIntent) => Promise<void>;
  },
) {
  return async (rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate?: true }> => {
    if (!o.stripe || !o.secret) throw new NotFound('Stripe webhooks are not configured');
    if (!rawBody || !signature) throw new Invalid('Missing Stripe-Signature', 'stripe-signature');
    let event: Stripe.Event;
    try {
      event = o.stripe.webhooks.constructEvent(rawBody, signature, o.secret, WEBHOOK_TOLERANCE_S);
    } catch {
      throw new Invalid('The webhook signature is not valid', 'stripe-signature');
    }
    const seen = await ctx.orm.em.fork().execute<{ id: string }[]>(`select id from payments.webhook_events where id = ?`, [event.id]);
    if (seen.length) return { received: true, duplicate: true };
    try {
      await handle(event);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err; // ours: Stripe retries later
      ctx.logger.warn({ err, event: event.id, type: event.type }, 'a Stripe event was not applied');
    }
    await ctx.orm.em
      .fork()
      .execute(`insert into payments.webhook_events (id, type) values (?, ?) on conflict do nothing`, [event.id, event.type]);
    return { received: true };
  };

  async function handle(event: Stripe.Event) {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        if (intent.metadata?.portalPaymentId && o.portal) return o.portal(intent);
        const tenantId = await o.ledger.tenantOf('stripe', intent.id);
        if (!tenantId) return void ctx.logger.info({ id: intent.id }, 'a payment intent that is not ours');
        await applyIntent(o.ledger, tenantId, intent);
        return;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        const tenantId = intentId ? await o.ledger.tenantOf('stripe', intentId) : null;
        if (!tenantId || !intentId) return void ctx.logger.info({ charge: charge.id }, 'a refund of a charge that is not ours');
        const refunded = fromMinor(BigInt(charge.amount_refunded), charge.currency.toUpperCase());
        await o.ledger.refund(tenantId, { processor: 'stripe', transactionId: intentId }, refunded);
        return;
      }
      default:
        await o.handlers?.[event.type]?.(event);
    }
  }
}
