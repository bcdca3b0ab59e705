import { defineFuzzMatrix } from '@billpoint/kit/testing';
import type { Product } from '@billpoint/proto';
import { makeProduct } from './support.ts';

type Ctx = { productId: number };
const KEYS = [
  'name',
  'sku',
  'description',
  'category',
  'price',
  'currency',
  'taxRate',
  'unitOfMeasure',
  'isActive',
  'trackInventory',
] as const;

/** The stored product beside what the contract made of the input (prices in their currency's minor units). */
async function readProduct(client: { get(p: string): Promise<{ json: any }> }, id: number, parsed: Record<string, any>) {
  const got = (await client.get(`/api/products/${id}`)).json as Product;
  const expected = Object.fromEntries(KEYS.map((k) => [k, parsed[k] ?? null]));
  if (parsed.currency === 'JPY') expected.price = String(parsed.price).replace(/\.00$/, '');
  return { actual: Object.fromEntries(KEYS.map((k) => [k, got[k]])), expected };
}

/** Hostile input of every catalog route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'catalog',
  file: 'services/catalog/test/fuzz.matrix.ts',
  async setup(t) {
    return { productId: (await makeProduct(t.client)).id };
  },
  routes: {
    'GET /api/products': {},
    'POST /api/products': { readBack: ({ parsed, answer, client }) => readProduct(client, answer.id, parsed) },
    'PUT /api/products/:id': {
      path: (ctx) => `/api/products/${ctx.productId}`,
      readBack: ({ parsed, client, ctx }) => readProduct(client, ctx.productId, parsed),
    },
    'POST /api/products/:id/stock-adjustments': { path: (ctx) => `/api/products/${ctx.productId}/stock-adjustments` },
  },
});
