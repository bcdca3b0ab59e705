import { organizationCurrency, planLimits, type ServiceContext, type ServiceDefinition } from '@billpoint/kit';
import { configSchema } from './config.ts';
import { migrations } from './migrations/index.ts';
import { ProductService } from './modules/product/product.service.ts';
import { productRoutes } from './modules/product/product.routes.ts';
import { productResponder } from './modules/product/product.rpc.ts';
import { invoiceLinesConsumer } from './modules/product/invoice-lines.consumer.ts';

/** The catalog service: products, their stock ledger and stock status, product revenue. Both topologies start it with the kit. */
export const catalogService = {
  name: 'catalog',
  schema: 'catalog',
  configSchema,
  // SQL, not entities: lists answer computed stock status and revenue in one statement, and the stock ledger's
  // moves are set-based upserts; the kit gives the unit of work, the tenant context and the outbox.
  entities: [],
  migrations,
  routes: (app, ctx) => productRoutes(app, new ProductService(ctx as ServiceContext)),
  consumers: async (ctx) => [
    await invoiceLinesConsumer(ctx as ServiceContext),
    await productResponder(ctx as ServiceContext),
    await planLimits(ctx).start(), // the plan-limits read model product creation checks
    await organizationCurrency(ctx as ServiceContext).start(), // the currency of a product created without one
  ],
} satisfies ServiceDefinition<typeof configSchema>;
