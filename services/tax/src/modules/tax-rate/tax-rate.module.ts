import type { FastifyInstance } from 'fastify';
import type { ServiceContext, Subscription } from '@billpoint/kit';
import { TaxRateService } from './tax-rate.service.ts';
import { taxRateRoutes } from './tax-rate.routes.ts';
import { taxRateResponder } from './tax-rate.rpc.ts';

/** Tax rates as one unit app.ts plugs in: HTTP routes and the `rpc.tax.tax-rate.get` responder. */
export const taxRateModule = {
  routes: (app: FastifyInstance, ctx: ServiceContext) => taxRateRoutes(app, new TaxRateService(ctx)),
  consumers: async (ctx: ServiceContext): Promise<Subscription[]> => [await taxRateResponder(ctx, new TaxRateService(ctx))],
};
