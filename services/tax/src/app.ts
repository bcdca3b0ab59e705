import type { ServiceDefinition } from '@billpoint/kit';
import { configSchema } from './config.ts';
import { migrations } from './migrations/index.ts';

/** the tax service: tax rates, expense categories, expenses and their receipts, the double-entry ledger fed by events, financial reports and the tax summary. Both topologies start it with the kit. */
export const taxService = {
  name: 'tax',
  schema: 'tax',
  configSchema,
  entities: [],
  migrations,
  routes: () => {},
} satisfies ServiceDefinition<typeof configSchema>;
