import type { FastifyInstance } from 'fastify';
import { IdParams, ProductBody, ProductListQuery, ProductPatchBody, StockAdjustmentBody, TOTAL_COUNT_HEADER } from '@billpoint/proto';
import { sendCursorPage } from '@billpoint/kit';
import type { ProductService } from './product.service.ts';

export function productRoutes(app: FastifyInstance, products: ProductService) {
  app.get('/api/products', { config: { permission: 'products.read', contract: { query: ProductListQuery } } }, async (req, reply) => {
    const q = ProductListQuery.parse(req.query);
    if (q.pagination === 'cursor') return sendCursorPage(reply, await products.page(req.identity, q));
    const { items, total } = await products.list(req.identity, q);
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

  app.patch(
    '/api/products/:id',
    { config: { permission: 'products.write', contract: { params: IdParams, body: ProductPatchBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return products.patch(req.identity, id, ProductPatchBody.parse(req.body === undefined ? {} : req.body));
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
