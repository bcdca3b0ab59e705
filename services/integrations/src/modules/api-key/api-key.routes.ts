import type { FastifyInstance } from 'fastify';
import { ApiKeyBody, IdParams, TestApiKeyBody } from '@billpoint/proto';
import { requireAdmin } from '../shared.ts';
import type { ApiKeyService } from './api-key.service.ts';

export function apiKeyRoutes(app: FastifyInstance, keys: ApiKeyService) {
  app.get('/api/integrations/api-keys', async (req) => ({ apiKeys: await keys.list(requireAdmin(req.identity)) }));

  app.get('/api/integrations/api-keys/usage-stats', async (req) => keys.usageStats(requireAdmin(req.identity)));

  app.post('/api/integrations/api-keys', { config: { contract: { body: ApiKeyBody } } }, async (req, reply) => {
    const id = requireAdmin(req.identity);
    return reply.status(201).send(await keys.create(id, ApiKeyBody.parse(req.body ?? {})));
  });

  app.delete('/api/integrations/api-keys/:id', { config: { contract: { params: IdParams } } }, async (req, reply) => {
    const id = requireAdmin(req.identity);
    await keys.revoke(id, IdParams.parse(req.params).id);
    return reply.status(204).send();
  });

  app.post('/api/integrations/test-api-key', { config: { contract: { body: TestApiKeyBody } } }, async (req) =>
    keys.test(requireAdmin(req.identity), TestApiKeyBody.parse(req.body ?? {}).key),
  );
}
