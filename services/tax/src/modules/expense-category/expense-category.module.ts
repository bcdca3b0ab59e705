import type { FastifyInstance } from 'fastify';
import { ExpenseCategoriesListRpc, OrganizationCreatedData, OrganizationEvents } from '@billpoint/proto';
import { consumeEvents, rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import { ExpenseCategoryService } from './expense-category.service.ts';
import { expenseCategoryRoutes } from './expense-category.routes.ts';
import { CategorySetup, seedDefaultCategories } from './expense-category.seed.ts';

/**
 * Expense categories as one unit app.ts plugs in: HTTP routes; the seeding of a new organization's defaults
 * (`organization.created`, idempotent) and `rpc.tax.expense-category.list` (the ai service's categories).
 */
export const expenseCategoryModule = {
  routes: (app: FastifyInstance, ctx: ServiceContext) =>
    expenseCategoryRoutes(app, new ExpenseCategoryService(ctx, new CategorySetup(ctx))),
  consumers: async (ctx: ServiceContext): Promise<Subscription[]> => {
    const service = new ExpenseCategoryService(ctx, new CategorySetup(ctx));
    return [
      await consumeEvents({
        orm: ctx.orm,
        schema: ctx.schema,
        bus: ctx.bus,
        logger: ctx.logger,
        durable: 'tax-organizations',
        subject: OrganizationEvents.Created,
        parse: (d) => OrganizationCreatedData.parse(d),
        handle: async (event, em) => {
          await seedDefaultCategories(em, event.tenantId);
        },
      }),
      await rpcRespond(ctx.bus, ExpenseCategoriesListRpc, ({ tenantId }) => service.active(tenantId), { logger: ctx.logger }),
    ];
  },
};
