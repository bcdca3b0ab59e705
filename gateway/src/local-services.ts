import type { ServiceDefinition } from '@billpoint/kit';
import { customersService } from '@billpoint/customers';
import { billingService } from '@billpoint/billing';

/**
 * The services `npm start` runs in-process, and the gateway variable that receives each one's URL.
 * A new service adds one line here (and its prefixes in modules/proxy/upstreams.ts).
 */
export const localServices: { def: ServiceDefinition<never>; urlEnv: string }[] = [
  { def: customersService as never, urlEnv: 'CUSTOMERS_URL' },
  { def: billingService as never, urlEnv: 'BILLING_URL' },
];
