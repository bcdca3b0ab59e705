import type { FastifyInstance } from 'fastify';
import { ApiKeyBody, IdParams, TestApiKeyBody } from '@billpoint/proto';
import type { ApiKeyService } from './api-key.service.ts';

export function apiKeyRoutes(app: FastifyInstance, keys: ApiKeyService) {
  app.get('/api/integrations/api-keys', { config: { permission: 'api-keys.manage' } }, async (req) => ({
    apiKeys: await keys.list(req.identity),
  }));

  app.get('/api/integrations/api-keys/usage-stats', { config: { permission: 'api-keys.manage' } }, async (req) =>
    keys.usageStats(req.identity),
  );

  app.post(
    '/api/integrations/api-keys',
    { config: { permission: 'api-keys.manage', contract: { body: ApiKeyBody } } },
    async (req, reply) => {
      const id = req.identity;
      return reply.status(201).send(await keys.create(id, ApiKeyBody.parse(req.body ?? {})));
    },
  );

  app.delete(
    '/api/integrations/api-keys/:id',
    { config: { permission: 'api-keys.manage', contract: { params: IdParams } } },
    async (req, reply) => {
      const id = req.identity;
      await keys.revoke(id, IdParams.parse(req.params).id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/integrations/test-api-key',
    { config: { permission: 'api-keys.manage', contract: { body: TestApiKeyBody } } },
    async (req) => keys.test(req.identity, TestApiKeyBody.parse(req.body ?? {}).key),
  );
}
