import type { FastifyInstance } from 'fastify';
import { IdParams, TaxRateBody, TaxRateListQuery, TOTAL_COUNT_HEADER } from '@billpoint/proto';
import type { TaxRateService } from './tax-rate.service.ts';

/** /api/tax-rates: list (`{ taxRates }` with X-Total-Count, `?active=true`), create (201), PUT (the whole rate), DELETE (soft, 204). */
export function taxRateRoutes(app: FastifyInstance, rates: TaxRateService) {
  app.get('/api/tax-rates', { config: { permission: 'tax-rates.read', contract: { query: TaxRateListQuery } } }, async (req, reply) => {
    const taxRates = await rates.list(req.identity, TaxRateListQuery.parse(req.query));
    return reply.header(TOTAL_COUNT_HEADER, String(taxRates.length)).send({ taxRates });
  });

  app.post('/api/tax-rates', { config: { permission: 'tax-rates.manage', contract: { body: TaxRateBody } } }, async (req, reply) => {
    const created = await rates.create(req.identity, TaxRateBody.parse(req.body ?? {}));
    return reply.status(201).send(created);
  });

  app.put(
    '/api/tax-rates/:id',
    { config: { permission: 'tax-rates.manage', contract: { params: IdParams, body: TaxRateBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return rates.update(req.identity, id, TaxRateBody.parse(req.body ?? {}));
    },
  );

  app.delete('/api/tax-rates/:id', { config: { permission: 'tax-rates.manage', contract: { params: IdParams } } }, async (req, reply) => {
    await rates.remove(req.identity, IdParams.parse(req.params).id);
    return reply.status(204).send();
  });
}
