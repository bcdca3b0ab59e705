import type { FastifyInstance } from 'fastify';
import { IdParams, TOTAL_COUNT_HEADER, WebhookBody, WebhookDeliveryQuery } from '@billpoint/proto';
import type { WebhookService } from './webhook.service.ts';

export function webhookRoutes(app: FastifyInstance, hooks: WebhookService) {
  app.get('/api/integrations/webhooks', { config: { permission: 'webhooks.manage' } }, async (req) => ({
    webhooks: await hooks.list(req.identity),
  }));

  app.post(
    '/api/integrations/webhooks',
    { config: { permission: 'webhooks.manage', contract: { body: WebhookBody } } },
    async (req, reply) => {
      const id = req.identity;
      return reply.status(201).send(await hooks.create(id, WebhookBody.parse(req.body ?? {})));
    },
  );

  app.put(
    '/api/integrations/webhooks/:id',
    { config: { permission: 'webhooks.manage', contract: { params: IdParams, body: WebhookBody } } },
    async (req) => {
      const id = req.identity;
      return hooks.update(id, IdParams.parse(req.params).id, WebhookBody.parse(req.body ?? {}));
    },
  );

  app.delete(
    '/api/integrations/webhooks/:id',
    { config: { permission: 'webhooks.manage', contract: { params: IdParams } } },
    async (req, reply) => {
      await hooks.remove(req.identity, IdParams.parse(req.params).id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/integrations/webhooks/:id/rotate-secret',
    { config: { permission: 'webhooks.manage', contract: { params: IdParams } } },
    async (req) => hooks.rotateSecret(req.identity, IdParams.parse(req.params).id),
  );

  app.post(
    '/api/integrations/webhooks/:id/test',
    { config: { permission: 'webhooks.manage', contract: { params: IdParams } } },
    async (req) => hooks.test(req.identity, IdParams.parse(req.params).id),
  );

  app.get(
    '/api/integrations/webhooks/:id/deliveries',
    { config: { permission: 'webhooks.manage', contract: { params: IdParams, query: WebhookDeliveryQuery } } },
    async (req, reply) => {
      const id = req.identity;
      const { items, total } = await hooks.deliveries(id, WebhookDeliveryQuery.parse(req.query), IdParams.parse(req.params).id);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.get(
    '/api/integrations/webhook-deliveries',
    { config: { permission: 'webhooks.manage', contract: { query: WebhookDeliveryQuery } } },
    async (req, reply) => {
      const id = req.identity;
      const { items, total } = await hooks.deliveries(id, WebhookDeliveryQuery.parse(req.query));
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.post(
    '/api/integrations/webhooks/deliveries/:id/retry',
    { config: { permission: 'webhooks.manage', contract: { params: IdParams } } },
    async (req) => hooks.retry(req.identity, IdParams.parse(req.params).id),
  );
}
