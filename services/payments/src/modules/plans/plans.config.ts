import { z } from 'zod';
import { PlanNames, type BillingCycle, type PlanName } from '@billpoint/proto';

const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

/** STRIPE_PRICE_<PLAN>_<CYCLE>: the Stripe price of each plan and cycle (e.g. STRIPE_PRICE_STARTER_YEARLY=price_…). */
export const priceEnvKey = (plan: PlanName, cycle: BillingCycle) => `STRIPE_PRICE_${plan.toUpperCase()}_${cycle.toUpperCase()}`;

const keys = PlanNames.flatMap((p) => (['monthly', 'yearly'] as const).map((c) => priceEnvKey(p, c)));

/** Spread into the payments config schema: a plan and cycle without a price cannot be bought while Stripe is configured. */
export const stripePriceShape = {
  STRIPE_PRICE_STARTER_MONTHLY: optional,
  STRIPE_PRICE_STARTER_YEARLY: optional,
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: optional,
  STRIPE_PRICE_PROFESSIONAL_YEARLY: optional,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optional,
  STRIPE_PRICE_ENTERPRISE_YEARLY: optional,
};

/** The configured price ids, by plan and cycle (absent ones undefined). */
export function configuredPrices(config: object): Map<string, string> {
  const c = config as Record<string, unknown>;
  const out = new Map<string, string>();
  for (const k of keys) if (typeof c[k] === 'string') out.set(k, c[k]);
  return out;
}
