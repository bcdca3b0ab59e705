import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { Product } from '@billpoint/proto';
import { makeProduct } from './support.ts';

/** Tenant isolation of every catalog route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'catalog',
  file: 'services/catalog/test/isolation.matrix.ts',
  async seed(t) {
    const product: Product = await makeProduct(t.client, {
      name: `Secret ${t.tag}`,
      sku: `SKU-${t.tag}`,
      description: `Description ${t.tag}`,
      price: `${1000 + Math.floor(Math.random() * 9000)}.${10 + Math.floor(Math.random() * 90)}`,
      trackInventory: true,
      stockQuantity: 50,
    });
    return { product };
  },
  secrets: ({ product }, t) => [t.tag, product.name, product.sku!, product.price, t.tenantId],
  routes: {
    'GET /api/products': {
      answers: 'collection',
      call: (a) => [
        { path: `/api/products?search=${a.product.sku}` },
        { path: '/api/products' },
        { path: `/api/products?pagination=cursor&search=${a.product.sku}` },
        // A cursor of A's (or a neighbour of it) names nothing in B's list: refused as any unknown id, telling nothing.
        { path: `/api/products?pagination=cursor&limit=100&starting_after=${a.product.id + 1}`, status: [400] },
        { path: `/api/products?pagination=cursor&limit=100&starting_after=${a.product.id}`, status: [400] },
      ],
    },
    'GET /api/products/summary': { answers: 'collection', call: () => ({ path: '/api/products/summary' }) },
    'GET /api/products/:id': { answers: 'not-found', call: (a) => ({ path: `/api/products/${a.product.id}` }) },
    'POST /api/products': {
      answers: 'status',
      status: [201], // B's own product: nothing of A's in the answer, A's rows untouched
      call: () => ({ path: '/api/products', body: { name: 'Mine', sku: 'B-OWN', price: '1' } }),
    },
    'PUT /api/products/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/products/${a.product.id}`, body: { name: 'Hijack', price: '0' } }),
    },
    'PATCH /api/products/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/products/${a.product.id}`, body: { price: '0' } }),
    },
    'POST /api/products/:id/stock-adjustments': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/products/${a.product.id}/stock-adjustments`, body: { quantity: -50 } }),
    },
    'DELETE /api/products/:id': { answers: 'not-found', call: (a) => ({ path: `/api/products/${a.product.id}` }) },
  },
});
