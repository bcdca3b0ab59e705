import {
  currencyDecimals,
  fromScaled,
  MONEY_SCALE,
  normalizeMoney,
  toMills,
  type Metadata,
  type Product,
  type StockStatus,
} from '@billpoint/proto';
import { Conflict, NotFound, type EntityManager } from '@billpoint/kit';

const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Revenue of product `p`: the amounts of its lines on paid invoices (not deleted). */
export const REVENUE_SQL = `(select coalesce(sum(l.amount), 0) from catalog.invoice_lines l
    join catalog.invoices i on i.tenant_id = l.tenant_id and i.invoice_id = l.invoice_id
   where l.tenant_id = p.tenant_id and l.product_id = p.id and i.status = 'paid' and not i.deleted)`;

/** A product answer (alias `p`): money and quantities as text. */
export const PRODUCT_COLUMNS = `p.id::text as id, p.name, p.sku, p.description, p.category, p.price::text as price, p.currency,
  p.tax_rate::text as tax_rate, p.unit_of_measure, p.is_active, p.track_inventory, p.stock_quantity::text as stock_quantity,
  p.low_stock_threshold, ${REVENUE_SQL}::text as revenue, p.metadata, ${ts('p.created_at')} as created_at, ${ts('p.updated_at')} as updated_at`;

export interface ProductRow {
  id: string;
  name: string;
  sku: string | null;
  description: string | null;
  category: string | null;
  price: string;
  currency: string;
  tax_rate: string;
  unit_of_measure: string | null;
  is_active: boolean;
  track_inventory: boolean;
  stock_quantity: string;
  low_stock_threshold: number;
  revenue: string;
  metadata: Metadata;
  created_at: string;
  updated_at: string;
}

/** An amount in the currency's own minor units: JPY "1500", USD "12.50". */
export const inCurrency = (amount: string, currency: string) =>
  fromScaled(toMills(amount) / 10n ** BigInt(MONEY_SCALE - currencyDecimals(currency)), currencyDecimals(currency));

/** out_of_stock at ≤ 0, low_stock at ≤ the threshold, else in_stock. */
export function stockStatus(quantity: number, threshold: number): StockStatus {
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= threshold) return 'low_stock';
  return 'in_stock';
}

export function toProduct(r: ProductRow): Product {
  const quantity = Number(r.stock_quantity);
  return {
    id: Number(r.id),
    name: r.name,
    sku: r.sku,
    description: r.description,
    category: r.category,
    price: inCurrency(r.price, r.currency),
    currency: r.currency,
    taxRate: r.tax_rate,
    unitOfMeasure: r.unit_of_measure,
    isActive: r.is_active,
    trackInventory: r.track_inventory,
    stockQuantity: r.track_inventory ? quantity : null,
    lowStockThreshold: r.low_stock_threshold,
    stockStatus: r.track_inventory ? stockStatus(quantity, r.low_stock_threshold) : null,
    revenue: normalizeMoney(r.revenue),
    metadata: r.metadata ?? {},
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export const GET_SQL = `select ${PRODUCT_COLUMNS} from catalog.products p where p.id = ? and p.tenant_id = ? and p.deleted_at is null`;

/** The product in the unit of work, `lock`ed for an update; 404 when it is not the tenant's (or deleted). */
export async function loadProduct(em: EntityManager, tenantId: string, productId: number, lock = false): Promise<Product> {
  const [row] = await em.execute<ProductRow[]>(GET_SQL + (lock ? ' for update of p' : ''), [productId, tenantId]);
  if (!row) throw new NotFound('Product not found');
  return toProduct(row);
}

/** The product's own fields, as PUT sends them and PATCH merges them with the stored ones. */
export type ProductFields = Pick<
  Product,
  'name' | 'sku' | 'description' | 'price' | 'currency' | 'taxRate' | 'unitOfMeasure' | 'isActive' | 'trackInventory'
> & { category?: string | null | undefined; lowStockThreshold?: number | null | undefined; metadata: Metadata };

/** Writes every own field of a product (not its stock: that moves through the ledger). */
export async function writeProduct(em: EntityManager, tenantId: string, productId: number, f: ProductFields) {
  await em.execute(
    `update catalog.products set name = ?, sku = ?, description = ?, category = ?, price = ?, currency = ?, tax_rate = ?,
       unit_of_measure = ?, is_active = ?, track_inventory = ?, low_stock_threshold = ?, metadata = ?::jsonb, updated_at = now()
     where id = ? and tenant_id = ?`,
    [
      ...[f.name, f.sku, f.description, f.category ?? null, f.price, f.currency, f.taxRate],
      ...[f.unitOfMeasure, f.isActive, f.trackInventory, f.lowStockThreshold ?? 0, JSON.stringify(f.metadata), productId, tenantId],
    ],
  );
}

/** Whether an update changed what the product answers (its updatedAt aside): only then is it an event. */
export const changed = (before: Product, after: Product) =>
  JSON.stringify({ ...before, updatedAt: '' }) !== JSON.stringify({ ...after, updatedAt: '' });

/** A duplicate SKU (the partial unique index) as a 409 naming it; anything else as it was. */
export const skuTaken = (sku: string | null | undefined) => (err: unknown) => {
  if ((err as { code?: string }).code === '23505')
    throw new Conflict(`A product with SKU ${sku} already exists`, 'resource_already_exists');
  throw err;
};
