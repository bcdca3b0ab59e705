import type { Product } from '@billpoint/proto';

let nextProductId = 1;

/** A product as the API answers it: active, USD, not tracked (no stock figures) unless told otherwise. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextProductId++;
  const tracked = overrides.trackInventory ?? false;
  return {
    id,
    name: `Product ${id}`,
    sku: `SKU-${id}`,
    description: null,
    category: null,
    price: '10.00',
    currency: 'USD',
    taxRate: '0.00',
    unitOfMeasure: null,
    isActive: true,
    trackInventory: tracked,
    stockQuantity: tracked ? 10 : null,
    lowStockThreshold: 0,
    stockStatus: tracked ? 'in_stock' : null,
    revenue: '0.00',
    metadata: {},
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A stand-in for GET /api/products: case-insensitive substring search over name, SKU and category; x-total-count. */
export function productsApi(all: Product[]) {
  return (url: URL) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const matches = all.filter((p) => [p.name, p.sku ?? '', p.category ?? ''].some((v) => v.toLowerCase().includes(search)));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    return { body: matches.slice(offset, offset + limit), headers: { 'x-total-count': String(matches.length) } };
  };
}
