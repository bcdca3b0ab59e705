import type { HttpClient } from '@billpoint/kit/testing';
import type { Product, ProductBody } from '@billpoint/proto';

/** A product of the signed-in tenant (through the gateway). */
export async function makeProduct(c: HttpClient, o: Partial<ProductBody> = {}): Promise<Product> {
  const res = await c.post('/api/products', { name: `Widget ${Math.random().toString(36).slice(2, 7)}`, price: '25.00', ...o });
  if (res.status !== 201) throw new Error(`product create failed: ${res.status} ${res.text}`);
  return res.json as Product;
}
