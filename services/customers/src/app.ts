import type { ServiceDefinition } from '@billpoint/kit';
import { configSchema } from './config.ts';
import { migrations } from './migrations/index.ts';
import { CustomerEntity } from './modules/customer/customer.entity.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { customerHandlers } from './modules/customer/customer.handlers.ts';
import { customerCreditRoutes } from './modules/customer/customer-credit.routes.ts';

/** The customers service: its schema, entities, migrations and routes. Both topologies start it with the kit. */
export const customersService = {
  name: 'customers',
  schema: 'customers',
  configSchema,
  entities: [CustomerEntity],
  migrations,
  routes(app, ctx) {
    customerRoutes(app, ctx);
    customerCreditRoutes(app, ctx);
  },
  consumers: customerHandlers,
} satisfies ServiceDefinition<typeof configSchema>;
