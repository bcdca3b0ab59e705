import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/**
 * The Stripe client when card payments are configured (secret and publishable keys), else null: the pay page then
 * runs the demo processor. STRIPE_API_URL points the SDK at another host (a local stand-in of Stripe's API in
 * tests); the SDK's own retries (with its idempotency keys) ride out a dropped connection.
 */
export function stripeClient(c: Config): Stripe | null {
  if (!c.STRIPE_SECRET_KEY || !c.STRIPE_PUBLISHABLE_KEY) return null;
  const base = c.STRIPE_API_URL ? new URL(c.STRIPE_API_URL) : null;
  return new Stripe(c.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Webhook signatures older than this are refused (replays), in seconds. */
export const WEBHOOK_TOLERANCE_S = 300;
