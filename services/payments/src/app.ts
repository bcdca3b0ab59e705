import type { ServiceDefinition } from '@billpoint/kit';
import { configSchema } from './config.ts';
import { migrations } from './migrations/index.ts';

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
  routes() {},
} satisfies ServiceDefinition<typeof configSchema>;
