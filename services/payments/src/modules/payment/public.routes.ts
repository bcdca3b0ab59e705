import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  HOST_TENANT_HEADER,
  ConfirmPaymentBody,
  CreatePaymentIntentBody,
  PaypalConfirmBody,
  PaypalOrderBody,
  PaypalOrderParams,
  type PaymentConfirmation,
  type PaymentIntentAnswer,
} from '@billpoint/proto';
import type { CardPayments } from './card.ts';
import type { PaypalPayments } from './paypal.ts';
import type { stripeWebhook } from './stripe-webhook.ts';

/**
 * The tenant whose verified custom domain the request came by (the gateway sets HOST_TENANT_HEADER over anything a
 * client sent), or null on the app's own host: on a custom domain, another tenant's invoice is the same 404 as an
 * unknown token.
 */
export function hostTenant(req: FastifyRequest): string | null {
  const h = req.headers[HOST_TENANT_HEADER];
  return typeof h === 'string' && h ? h : null;
}

/** The pay page's calls and Stripe's webhook: public routes (no session; per-IP limits at the gateway). */
export function publicPaymentRoutes(
  app: FastifyInstance,
  o: { card: CardPayments; paypal: PaypalPayments; webhook: ReturnType<typeof stripeWebhook> },
) {
  app.post(
    '/api/create-payment-intent',
    { config: { contract: { body: CreatePaymentIntentBody } } },
    async (req): Promise<PaymentIntentAnswer> => {
      const b = CreatePaymentIntentBody.parse(req.body ?? {});
      return o.card.createIntent(b.invoiceId, b.amount, b.currency, hostTenant(req));
    },
  );

  app.post('/api/confirm-payment', { config: { contract: { body: ConfirmPaymentBody } } }, async (req): Promise<PaymentConfirmation> => {
    const b = ConfirmPaymentBody.parse(req.body ?? {});
    return o.card.confirm(b.invoiceId, b.paymentIntentId, b.cardNumber, hostTenant(req));
  });

  app.get('/api/paypal/setup', async () => o.paypal.setup());

  app.post('/api/paypal/order', { config: { contract: { body: PaypalOrderBody } } }, async (req) => {
    const b = PaypalOrderBody.parse(req.body ?? {});
    return o.paypal.createOrder(b.invoiceId, b.amount, b.currency, hostTenant(req));
  });

  app.post('/api/paypal/order/:orderId/capture', { config: { contract: { params: PaypalOrderParams } } }, async (req) =>
    o.paypal.capture(PaypalOrderParams.parse(req.params).orderId, hostTenant(req)),
  );

  app.post(
    '/api/paypal/confirm-payment',
    { config: { contract: { body: PaypalConfirmBody } } },
    async (req): Promise<PaymentConfirmation> => {
      const b = PaypalConfirmBody.parse(req.body ?? {});
      return o.paypal.confirm(b.orderId, b.invoiceId, b.amount, b.currency, hostTenant(req));
    },
  );

  app.post('/api/stripe/webhook', async (req) => {
    const signature = req.headers['stripe-signature'];
    return o.webhook(req.rawBody, typeof signature === 'string' ? signature : undefined);
  });
}
