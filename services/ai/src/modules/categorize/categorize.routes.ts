import type { FastifyInstance } from 'fastify';
import { CategorizeBody } from '@billpoint/proto';
import type { CategorizeService } from './categorize.service.ts';

export function categorizeRoutes(app: FastifyInstance, service: CategorizeService) {
  // A POST that changes nothing: it reads the tenant's model and answers a suggestion.
  app.post('/api/expenses/categorize', { config: { permission: 'expenses.write', contract: { body: CategorizeBody } } }, async (req) =>
    service.categorize(req.identity, CategorizeBody.parse(req.body ?? {})),
  );
}
