import { defineFuzzMatrix } from '@billpoint/kit/testing';
import { Product } from '@billpoint/proto';
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

/**
 * The stored product beside what the contract made of the input (prices in their currency's minor units). A currency
 * left out is the organization's (USD in the fuzzed tenants) on a creation, and the stored one on a replacement.
 */
async function readProduct(client: { get(p: string): Promise<{ json: any }> }, id: number, sent: Record<string, any>, created: boolean) {
  const got = (await client.get(`/api/products/${id}`)).json as Product;
  const parsed: Record<string, any> = { ...sent, currency: sent.currency ?? (created ? 'USD' : got.currency) };
  const expected = Object.fromEntries(KEYS.map((k) => [k, parsed[k] ?? null]));
  if (parsed.currency === 'JPY') expected.price = String(parsed.price).replace(/\.00$/, '');
  return { actual: Object.fromEntries(KEYS.map((k) => [k, got[k]])), expected };
}

/** What the stored product reads back as after a PATCH: the fields sent, the price in the currency now stored. */
async function readPatched(client: { get(p: string): Promise<{ json: any }> }, id: number, parsed: Record<string, any>) {
  const got = (await client.get(`/api/products/${id}`)).json as Product;
  const keys = KEYS.filter((k) => parsed[k] !== undefined);
  const expected = Object.fromEntries(keys.map((k) => [k, parsed[k]]));
  if (got.currency === 'JPY' && 'price' in expected) expected.price = String(parsed.price).replace(/\.00$/, '');
  return { actual: Object.fromEntries(keys.map((k) => [k, got[k]])), expected };
}

/**
 * A list's answer: an array of products. (In cursor mode it has x-has-more instead of X-Total-Count, which the fuzzer's
 * default list check requires, so the answer is checked against the contract here.)
 */
const productList = (json: unknown) =>
  !Array.isArray(json)
    ? ['a list answer that is not an array']
    : json.flatMap((p, i) => (Product.safeParse(p).success ? [] : [`item ${i} is not a Product`]));

/** Hostile input of every catalog route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'catalog',
  file: 'services/catalog/test/fuzz.matrix.ts',
  async setup(t) {
    return { productId: (await makeProduct(t.client)).id };
  },
  routes: {
    'GET /api/products': { answer: productList },
    'POST /api/products': { readBack: ({ parsed, answer, client }) => readProduct(client, answer.id, parsed, true) },
    'PUT /api/products/:id': {
      path: (ctx) => `/api/products/${ctx.productId}`,
      readBack: ({ parsed, client, ctx }) => readProduct(client, ctx.productId, parsed, false),
    },
    'PATCH /api/products/:id': {
      path: (ctx) => `/api/products/${ctx.productId}`,
      readBack: ({ parsed, client, ctx }) => readPatched(client, ctx.productId, parsed),
    },
    'POST /api/products/:id/stock-adjustments': { path: (ctx) => `/api/products/${ctx.productId}/stock-adjustments` },
  },
});
