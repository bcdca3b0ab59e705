import Stripe from 'stripe';
import { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../../gateway/test/support/stack.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';
import { startPaypalStandIn } from './paypal-stand-in.ts';

export const WEBHOOK_SECRET = 'whsec_test_billpoint';
const signer = new Stripe('sk_test_signer');

/**
 * The whole stack with Stripe and PayPal keys, their SDKs pointed at local stand-ins (on the in-process bus or on
 * NATS), and Stripe's side of a webhook delivery: `webhook` signs an event as Stripe would, `deliver` posts it.
 */
export async function startKeyedStack(o: { bus?: 'memory' | 'nats'; env?: Record<string, string> } = {}) {
  const [stripe, paypal] = await Promise.all([startStripeStandIn(), startPaypalStandIn()]);
  const stack: Stack = await startStack({
    bus: o.bus,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_billpoint',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_billpoint',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PAYPAL_CLIENT_ID: 'paypal-client',
      PAYPAL_CLIENT_SECRET: 'paypal-secret',
      PAYPAL_API_URL: paypal.url,
      ...o.env,
    },
  });
  const anon = () => new HttpClient(stack.url);
  /** Stripe's delivery of an event: the JSON as sent and its signature header (timestamp `at`, seconds). */
  function webhook(type: string, object: unknown, w: { id?: string; at?: number; secret?: string } = {}) {
    const payload = JSON.stringify({ id: w.id ?? `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: w.secret ?? WEBHOOK_SECRET, timestamp: w.at });
    return { payload, header };
  }
  const deliver = (w: { payload: string; header?: string }) =>
    anon().raw('POST', '/api/stripe/webhook', w.payload, {
      'content-type': 'application/json',
      ...(w.header ? { 'stripe-signature': w.header } : {}),
    });
  return {
    stack,
    stripe,
    paypal,
    anon,
    webhook,
    deliver,
    async close() {
      await stack.close();
      await Promise.all([stripe.close(), paypal.close()]);
    },
  };
}
export type KeyedStack = Awaited<ReturnType<typeof startKeyedStack>>;
