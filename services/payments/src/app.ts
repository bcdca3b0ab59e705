import type Stripe from 'stripe';
import type { ServiceContext, ServiceDefinition } from '@billpoint/kit';
import type { PaymentConfig } from '@billpoint/proto';
import { registeredService } from '@billpoint/proto/services';
import { configSchema, type Config } from './config.ts';
import { migrations } from './migrations/index.ts';
import { stripeClient } from './modules/providers/stripe.ts';
import { paypalClient, type Paypal } from './modules/providers/paypal.ts';
import { Ledger } from './modules/payment/ledger.ts';
import { paymentExpiryJob } from './modules/payment/expiry.ts';
import { processorRefunds } from './modules/payment/overpayment.ts';
import { CardPayments } from './modules/payment/card.ts';
import { PaypalPayments } from './modules/payment/paypal.ts';
import { stripeWebhook } from './modules/payment/stripe-webhook.ts';
import { publicPaymentRoutes } from './modules/payment/public.routes.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { Refunds } from './modules/payment/refund.ts';
import { paymentResponders } from './modules/payment/payment.rpc.ts';
import { CreditNoteRefunds } from './modules/payment/credit-note-refund.ts';
import { creditNoteConsumers } from './modules/payment/credit-note.consumer.ts';
import { plansConsumers, plansModule } from './modules/plans/plans.module.ts';
import { portalPaymentRoutes } from './modules/portal-payment/portal-payment.routes.ts';
import { portalIntentWebhook } from './modules/portal-payment/portal-payment.confirm.ts';
import { expirePortalPayments } from './modules/portal-payment/portal-payment.expiry.ts';

/** How the pay page may take money with this configuration (no Stripe keys: the demo processor). */
export function paymentConfig(c: Config): PaymentConfig {
  const card = Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY);
  const paypal = Boolean(c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET);
  return {
    demoMode: !card,
    card: true,
    paypal,
    stripePublishableKey: card ? c.STRIPE_PUBLISHABLE_KEY! : null,
    paypalClientId: paypal ? c.PAYPAL_CLIENT_ID! : null,
  };
}

/** Refunds of credit notes through the processors (Stripe, PayPal) the configuration names. */
export function creditNoteRefunds(ctx: ServiceContext, ledger: Ledger, stripe: Stripe | null, paypal: Paypal | null) {
  return new CreditNoteRefunds(ctx, new Refunds(ctx, ledger, stripe, paypal));
}

/** The processors' clients and the ledger of a context's configuration. */
function paymentsParts(ctx: ServiceContext) {
  const c = ctx.config as Config;
  const stripe = stripeClient(c);
  const paypal = paypalClient(c);
  const ledger = new Ledger(ctx, processorRefunds(stripe, paypal));
  return { stripe, paypal, ledger, creditNotes: creditNoteRefunds(ctx, ledger, stripe, paypal) };
}

/**
 * The payments service: payments (one row per attempt), the pay page's calls (Stripe, PayPal, the demo processor),
 * Stripe's webhook, manual payments, and the plans and the tenant's own subscription. Both topologies start it with
 * the kit.
 */
export const paymentsService = {
  name: 'payments',
  schema: 'payments',
  configSchema,
  entities: [],
  migrations,
  publicRoutes: registeredService('payments').public,
  routes(app, ctx) {
    const c = ctx.config as Config;
    const stripe = stripeClient(c);
    const paypal = paypalClient(c);
    const ledger = new Ledger(ctx as ServiceContext, processorRefunds(stripe, paypal));
    const plans = plansModule(ctx as ServiceContext, stripe);
    publicPaymentRoutes(app, {
      card: new CardPayments(ctx as ServiceContext, stripe, ledger),
      paypal: new PaypalPayments(ctx as ServiceContext, paypal, ledger),
      webhook: stripeWebhook(ctx as ServiceContext, {
        stripe,
        secret: c.STRIPE_WEBHOOK_SECRET,
        ledger,
        handlers: plans.stripeHandlers,
        portal: portalIntentWebhook(ctx as ServiceContext, { stripe, paypal }),
      }),
    });
    portalPaymentRoutes(app, ctx as ServiceContext, { stripe, paypal });
    paymentRoutes(app, ctx as ServiceContext, ledger, new Refunds(ctx as ServiceContext, ledger, stripe, paypal));
    plans.routes(app);
  },
  jobs: (ctx) => {
    const c = ctx.config as Config;
    const stripe = stripeClient(c);
    const paypal = paypalClient(c);
    const ledger = new Ledger(ctx as ServiceContext, processorRefunds(stripe, paypal));
    return [
      paymentExpiryJob(ctx as ServiceContext, ledger, stripe, {
        intervalMs: c.PAYMENT_EXPIRY_INTERVAL_MS,
        ttlMinutes: c.PAYMENT_INTENT_TTL_MINUTES,
        creditNotes: creditNoteRefunds(ctx as ServiceContext, ledger, stripe, paypal),
        portal: (cutoff) => expirePortalPayments(ctx as ServiceContext, { stripe, paypal }, cutoff),
      }),
    ];
  },
  consumers: async (ctx) => [
    ...(await paymentResponders(ctx as ServiceContext, paymentConfig(ctx.config as Config))),
    ...(await creditNoteConsumers(ctx as ServiceContext, paymentsParts(ctx as ServiceContext).creditNotes)),
    ...(await plansConsumers(ctx as ServiceContext)),
  ],
} satisfies ServiceDefinition<typeof configSchema>;
