import type { Config } from '../../config.ts';

/**
 * Which service answers which `/api` prefix. A new service adds its prefixes here (and its URL variable
 * to config.ts); nothing else in the gateway changes.
 */
export const upstreams = (c: Config) => [
  { name: 'customers', url: c.CUSTOMERS_URL, prefixes: ['/api/customers'] },
  { name: 'billing', url: c.BILLING_URL, prefixes: ['/api/invoices', '/api/dashboard'] },
];
