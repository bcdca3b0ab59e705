import type { FastifyInstance } from 'fastify';
import { InsightsQuery } from '@billpoint/proto';
import type { InsightsService } from './insights.service.ts';

export function insightsRoutes(app: FastifyInstance, service: InsightsService) {
  app.get('/api/ai/insights', { config: { permission: 'insights.read', contract: { query: InsightsQuery } } }, async (req, reply) => {
    const list = await service.list(req.identity, InsightsQuery.parse(req.query ?? {}));
    // The whole list is one page: the count is the list's length, as on the other lists.
    reply.header('X-Total-Count', String(list.insights.length));
    return list;
  });
  app.get('/api/ai/insights/priority', { config: { permission: 'insights.read' } }, async (req) => service.priority(req.identity));
  app.get('/api/ai/recommendations', { config: { permission: 'insights.read' } }, async (req) => service.recommendations(req.identity));
  // POST: it replaces the tenant's stored insights with a new generation, and answers the new list.
  app.post('/api/ai/insights/refresh', { config: { permission: 'insights.refresh' } }, async (req) => service.refresh(req.identity));
}
