import type { FastifyInstance } from 'fastify';
import { IdParams, ProductBody, ProductListQuery, StockAdjustmentBody, TOTAL_COUNT_HEADER } from '@billpoint/proto';
import type { ProductService } from './product.service.ts';

export function productRoutes(app: FastifyInstance, products: ProductService) {
  app.get('/api/products', { config: { permission: 'products.read', contract: { query: ProductListQuery } } }, async (req, reply) => {
    const { items, total } = await products.list(req.identity, ProductListQuery.parse(req.query));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });

  app.get('/api/products/summary', { config: { permission: 'products.read' } }, async (req) => products.summary(req.identity));

  app.get('/api/products/:id', { config: { permission: 'products.read', contract: { params: IdParams } } }, async (req) =>
    products.get(req.identity, IdParams.parse(req.params).id),
  );

  app.post('/api/products', { config: { permission: 'products.write', contract: { body: ProductBody } } }, async (req, reply) => {
    const created = await products.create(req.identity, ProductBody.parse(req.body ?? {}));
    return reply.status(201).send(created);
  });

  app.put(
    '/api/products/:id',
    { config: { permission: 'products.write', contract: { params: IdParams, body: ProductBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return products.update(req.identity, id, ProductBody.parse(req.body ?? {}));
    },
  );

  app.post(
    '/api/products/:id/stock-adjustments',
    { config: { permission: 'products.write', contract: { params: IdParams, body: StockAdjustmentBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      const b = StockAdjustmentBody.parse(req.body ?? {});
      return products.adjust(req.identity, id, b.quantity, b.note);
    },
  );

  app.delete('/api/products/:id', { config: { permission: 'products.delete', contract: { params: IdParams } } }, async (req, reply) => {
    await products.remove(req.identity, IdParams.parse(req.params).id);
    return reply.status(204).send();
  });
}
