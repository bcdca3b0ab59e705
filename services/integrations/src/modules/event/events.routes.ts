import type { FastifyInstance } from 'fastify';
import { EventListQuery, IdParams } from '@billpoint/proto';
import { sendCursorPage } from '@billpoint/kit';
import type { EventService } from './events.service.ts';

/** The events log is read with `webhooks.read`, as the deliveries are (the public API's events:read scope). */
export function eventRoutes(app: FastifyInstance, events: EventService) {
  app.get(
    '/api/integrations/events',
    { config: { permission: 'webhooks.read', contract: { query: EventListQuery } } },
    async (req, reply) => sendCursorPage(reply, await events.page(req.identity, EventListQuery.parse(req.query))),
  );

  app.get('/api/integrations/events/:id', { config: { permission: 'webhooks.read', contract: { params: IdParams } } }, async (req) =>
    events.get(req.identity, IdParams.parse(req.params).id),
  );
}
