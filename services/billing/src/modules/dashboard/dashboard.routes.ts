import type { FastifyInstance } from 'fastify';
import { DashboardStatsQuery } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const dashboard = new DashboardService(ctx);
  app.get('/api/dashboard/stats', { config: { permission: 'dashboard.read', contract: { query: DashboardStatsQuery } } }, async (req) =>
    dashboard.stats(req.identity, DashboardStatsQuery.parse(req.query ?? {})),
  );
}
