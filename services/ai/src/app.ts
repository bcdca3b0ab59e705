import type { ServiceDefinition } from '@billpoint/kit';
import { configSchema } from './config.ts';
import { migrations } from './migrations/index.ts';

/** the ai service: expense categorization (a local per-tenant model, OpenAI when a key is set) and, later, insights. Both topologies start it with the kit. */
export const aiService = {
  name: 'ai',
  schema: 'ai',
  configSchema,
  entities: [],
  migrations,
  routes: () => {},
} satisfies ServiceDefinition<typeof configSchema>;
