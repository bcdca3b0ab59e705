import type { FastifyInstance } from 'fastify';
import { IdParams, TOTAL_COUNT_HEADER, WebhookBody, WebhookDeliveryQuery, WebhookListQuery, WebhookPatchBody } from '@billpoint/proto';
import { sendCursorPage } from '@billpoint/kit';
import type { WebhookService } from './webhook.service.ts';

/** Reading endpoints and their deliveries needs `webhooks.read` (the public API's webhooks:read scope); changing them `webhooks.manage`. */
export function webhookRoutes(app: FastifyInstance, hooks: WebhookService) {
  app.get(
    '/api/integrations/webhooks',
    { config: { permission: 'webhooks.read', contract: { query: WebhookListQuery } } },
    async (req, reply) => {
      const q = WebhookListQuery.parse(req.query);
      if (q.pagination === 'cursor') return sendCursorPage(reply, await hooks.page(req.identity, q));
      return { webhooks: await hooks.list(req.identity) };
    },
  );

  app.get('/api/integrations/webhooks/:id', { config: { permission: 'webhooks.read', contract: { params: IdParams } } }, async (req) =>
    hooks.get(req.identity, IdParams.parse(req.params).id),
  );

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

  app.patch(
    '/api/integrations/webhooks/:id',
    { config: { permission: 'webhooks.manage', contract: { params: IdParams, body: WebhookPatchBody } } },
    async (req) => hooks.patch(req.identity, IdParams.parse(req.params).id, WebhookPatchBody.parse(req.body === undefined ? {} : req.body)),
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
    { config: { permission: 'webhooks.read', contract: { params: IdParams, query: WebhookDeliveryQuery } } },
    async (req, reply) => {
      const q = WebhookDeliveryQuery.parse(req.query);
      const { id: webhookId } = IdParams.parse(req.params);
      if (q.pagination === 'cursor') return sendCursorPage(reply, await hooks.deliveryPage(req.identity, q, webhookId));
      const { items, total } = await hooks.deliveries(req.identity, q, webhookId);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.get(
    '/api/integrations/webhook-deliveries',
    { config: { permission: 'webhooks.read', contract: { query: WebhookDeliveryQuery } } },
    async (req, reply) => {
      const q = WebhookDeliveryQuery.parse(req.query);
      if (q.pagination === 'cursor') return sendCursorPage(reply, await hooks.deliveryPage(req.identity, q));
      const { items, total } = await hooks.deliveries(req.identity, q);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.post(
    '/api/integrations/webhooks/deliveries/:id/retry',
    { config: { permission: 'webhooks.manage', contract: { params: IdParams } } },
    async (req) => hooks.retry(req.identity, IdParams.parse(req.params).id),
  );
}
