import { z } from 'zod';
import { baseConfigShape } from '@billpoint/kit';
import { stripePriceShape } from './modules/plans/plans.config.ts';

const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
/** A whole number of at least `min`; unset or empty (compose passes an unset key through as empty): `fallback`. */
const count = (min: number, fallback: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(min).default(fallback));
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url({ error: 'must be an http(s) URL' }).optional());

export const configSchema = z.object({
  ...baseConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8085),
  /** Stripe: card payments when the secret and publishable keys are set; without them the demo processor. */
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  /** Signing secret of the webhook endpoint (`whsec_…`); without it webhooks are refused. */
  STRIPE_WEBHOOK_SECRET: optional,
  /** Where the Stripe SDK sends its calls (a local stand-in in tests); default Stripe's API. */
  STRIPE_API_URL: optionalUrl,
  /** PayPal: offered on the pay page when both are set; hidden otherwise. */
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
  /** Where the PayPal SDK's calls go instead of PayPal's API (a local stand-in in tests). */
  PAYPAL_API_URL: optionalUrl,
  /** Pending payment attempts (intents, PayPal orders) older than this many minutes expire (cancelled at Stripe). */
  PAYMENT_INTENT_TTL_MINUTES: count(1, 60),
  /** How often, across all replicas together, attempts expire and unfinished overpayment refunds are retried. */
  PAYMENT_EXPIRY_INTERVAL_MS: count(1000, 300_000),
  /** STRIPE_PRICE_<PLAN>_<CYCLE>: the Stripe price ids of the plans (plans.config.ts). */
  ...stripePriceShape,
});
export type Config = z.output<typeof configSchema>;
