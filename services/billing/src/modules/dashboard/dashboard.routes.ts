import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '@billpoint/kit';
import { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const dashboard = new DashboardService(ctx);
  app.get('/api/dashboard/stats', async (req) => dashboard.stats(req.identity));
}
