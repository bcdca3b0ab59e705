import type { FastifyInstance } from 'fastify';
import { IdParams, TaxRateBody, TaxRateListQuery, TaxRatePatchBody, TOTAL_COUNT_HEADER } from '@billpoint/proto';
import { sendCursorPage } from '@billpoint/kit';
import type { TaxRateService } from './tax-rate.service.ts';

/**
 * /api/tax-rates: list (`{ taxRates }` with X-Total-Count, `?active=true`; a cursor page with `pagination=cursor`), get,
 * create (201), PUT (the whole rate), PATCH (the fields given), DELETE (soft, 204).
 */
export function taxRateRoutes(app: FastifyInstance, rates: TaxRateService) {
  app.get('/api/tax-rates', { config: { permission: 'tax-rates.read', contract: { query: TaxRateListQuery } } }, async (req, reply) => {
    const q = TaxRateListQuery.parse(req.query);
    if (q.pagination === 'cursor') return sendCursorPage(reply, await rates.page(req.identity, q));
    const taxRates = await rates.list(req.identity, q);
    return reply.header(TOTAL_COUNT_HEADER, String(taxRates.length)).send({ taxRates });
  });

  app.get('/api/tax-rates/:id', { config: { permission: 'tax-rates.read', contract: { params: IdParams } } }, async (req) =>
    rates.get(req.identity, IdParams.parse(req.params).id),
  );

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

  app.patch(
    '/api/tax-rates/:id',
    { config: { permission: 'tax-rates.manage', contract: { params: IdParams, body: TaxRatePatchBody } } },
    async (req) => rates.patch(req.identity, IdParams.parse(req.params).id, TaxRatePatchBody.parse(req.body ?? {})),
  );

  app.delete('/api/tax-rates/:id', { config: { permission: 'tax-rates.manage', contract: { params: IdParams } } }, async (req, reply) => {
    await rates.remove(req.identity, IdParams.parse(req.params).id);
    return reply.status(204).send();
  });
}
