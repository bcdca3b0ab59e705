import { z } from 'zod';
import { documentText } from './text.ts';
import { decimalJsonSchema, optionalText } from './common.ts';
import { CustomerListQuery } from './customer.ts';
import { Metadata, MetadataInput } from './metadata.ts';
import { defineRpc } from './rpc.ts';
import { currencyDecimals, fitsMinorUnit, fromScaled, toScaled } from './money.ts';

/** Products. Money as decimal strings in the product's currency (JPY: no decimals). */
export const ProductCategories = [
  'Software',
  'Hardware',
  'Services',
  'Consulting',
  'Training',
  'Support',
  'Licenses',
  'Subscriptions',
  'Other',
] as const;
export const ProductCurrencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'] as const;
export const StockStatuses = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof StockStatuses)[number];

export const ProductMessages = {
  nameRequired: 'Product name is required',
  priceRequired: 'Price is required',
  created: 'Product created successfully',
  deleted: 'Product deleted successfully',
  createFailed: 'Failed to create product',
  deleteFailed: 'Failed to delete product',
  emptySearch: 'No products found matching your search.',
  empty: 'No products yet.',
  deleteConfirm: 'Are you sure you want to delete this product?',
} as const;

/** A decimal with at most 2 places (≥ 0), as number or text, answered normalized ("3" → "3.00"). */
const decimal = (label: string, required: string, maxWhole: number) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (s === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      if (!new RegExp(`^\\d{1,${maxWhole}}(\\.\\d{1,2})?$`).test(s)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number ≥ 0 with at most 2 decimals` });
        return z.NEVER;
      }
      return fromScaled(toScaled(s, 2), 2);
    })
    .meta(
      decimalJsonSchema({
        digits: maxWhole,
        places: 2,
        max: 10 ** maxWhole - 0.01,
        description: `${label}: a number ≥ 0 with at most ${maxWhole} digits before the point and 2 after, as text or number.`,
      }),
    );
const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000, `${label} is too large`)
    .nullish();

const fields = {
  name: documentText(
    z
      .string({ error: ProductMessages.nameRequired })
      .trim()
      .min(1, ProductMessages.nameRequired)
      .max(200, 'Product name must be at most 200 characters'),
    'Product name',
  ),
  sku: optionalText(100, 'SKU'),
  description: optionalText(5000, 'Description'),
  category: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(ProductCategories, { error: `Category must be one of ${ProductCategories.join(', ')}` }).nullish(),
  ),
  price: decimal('Price', ProductMessages.priceRequired, 13),
  /** Left out: the organization's default currency on a creation, the stored one on a replacement. */
  currency: z.enum(ProductCurrencies, { error: `Currency must be one of ${ProductCurrencies.join(', ')}` }).optional(),
  taxRate: z
    .preprocess((v) => (v === '' || v == null ? '0' : v), decimal('Tax rate', 'Tax rate is required', 3))
    .refine((v) => Number(v) <= 100, {
      error: 'Tax rate must be at most 100',
    })
    .meta(
      decimalJsonSchema({
        digits: 3,
        places: 2,
        max: 100,
        empty: true,
        nullable: true,
        description: 'Tax rate: a percentage from 0 to 100 with at most 2 decimals, as text or number; left out, empty or null: 0.',
      }),
    ),
  unitOfMeasure: optionalText(50, 'Unit of measure'),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  trackInventory: z.boolean({ error: 'Track inventory must be true or false' }).default(false),
  /** The opening stock when tracking starts (a stock move); later changes go through stock adjustments. */
  stockQuantity: count('Stock quantity'),
  lowStockThreshold: count('Low stock threshold'),
  /** Left out: none on a creation, the stored keys on a replacement; sent: merged into the stored keys. */
  metadata: MetadataInput.optional(),
};

/** What is wrong with a price in a currency that has fewer minor units (JPY 1500, not 1500.50), or null when nothing. */
export const priceDecimalsProblem = (price: string, currency: string): string | null => {
  const d = currencyDecimals(currency);
  return !fitsMinorUnit(price, d) ? `${currency} prices have ${d === 0 ? 'no decimals' : `${d} decimals`}` : null;
};
/** A price is checked here against a currency sent with it; left out, the service checks it against the one it takes. */
const checkMinorUnits = (b: { price: string; currency?: string }, ctx: z.RefinementCtx) => {
  if (!b.currency) return;
  const problem = priceDecimalsProblem(b.price, b.currency);
  if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
};

/** POST /api/products and PUT /api/products/{id} (the edit form sends the whole product). */
export const ProductBody = z.strictObject(fields).superRefine(checkMinorUnits);
export type ProductInput = z.output<typeof ProductBody>;
export interface ProductBody {
  name: string;
  sku?: string | null;
  description?: string | null;
  category?: (typeof ProductCategories)[number] | '' | null;
  price: string | number;
  currency?: (typeof ProductCurrencies)[number];
  taxRate?: string | number | null;
  unitOfMeasure?: string | null;
  isActive?: boolean;
  trackInventory?: boolean;
  stockQuantity?: number | null;
  lowStockThreshold?: number | null;
  metadata?: Record<string, string>;
}

/**
 * PATCH /api/products/{id} (the public API): only the fields sent change, the rest keep their stored values — so no
 * field here has a default. The stock moves through stock adjustments, not here. The price's decimals are checked
 * against the product's currency (sent or stored) by the service.
 */
export const ProductPatchBody = z
  .strictObject({
    name: fields.name,
    sku: fields.sku,
    description: fields.description,
    category: fields.category,
    price: fields.price,
    currency: z.enum(ProductCurrencies, { error: `Currency must be one of ${ProductCurrencies.join(', ')}` }),
    taxRate: decimal('Tax rate', 'Tax rate is required', 3)
      .refine((v) => Number(v) <= 100, { error: 'Tax rate must be at most 100' })
      .meta(
        decimalJsonSchema({
          digits: 3,
          places: 2,
          max: 100,
          description: 'Tax rate: a percentage from 0 to 100 with at most 2 decimals, as text or number.',
        }),
      ),
    unitOfMeasure: fields.unitOfMeasure,
    isActive: z.boolean({ error: 'Active must be true or false' }),
    trackInventory: z.boolean({ error: 'Track inventory must be true or false' }),
    lowStockThreshold: fields.lowStockThreshold,
    metadata: MetadataInput,
  })
  .partial();
export type ProductPatch = z.output<typeof ProductPatchBody>;

/** POST /api/products/{id}/stock-adjustments: a manual stock move (received goods +, breakage −). */
export const StockAdjustmentBody = z.strictObject({
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .refine((n) => n !== 0 && Math.abs(n) <= 1_000_000_000, { error: 'Quantity must be a non-zero whole number' }),
  note: optionalText(500, 'Note'),
});

/**
 * GET /api/products: as GET /api/customers — offset pages with x-total-count (the web), or with `pagination=cursor`
 * the public API's cursor pages (10 unless `limit` says; x-has-more); `search` filters both.
 */
export const ProductListQuery = CustomerListQuery;
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  price: z.string(),
  currency: z.string(),
  taxRate: z.string(),
  unitOfMeasure: z.string().nullable(),
  isActive: z.boolean(),
  trackInventory: z.boolean(),
  /** The sum of the stock moves (opening stock, adjustments, issued invoices); null when not tracked. */
  stockQuantity: z.number().nullable(),
  lowStockThreshold: z.number().int(),
  /** out_of_stock at ≤ 0, low_stock at ≤ the threshold, else in_stock; null when not tracked. */
  stockStatus: z.enum(StockStatuses).nullable(),
  /** Sum of the amounts of lines referencing it on paid invoices. */
  revenue: z.string(),
  /** Absent on events written before metadata: read as none. */
  metadata: Metadata.default({}),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;

/** GET /api/products/summary: the five cards over every product of the tenant. */
export const ProductSummary = z.object({
  total: z.number().int(),
  active: z.number().int(),
  lowStock: z.number().int(),
  outOfStock: z.number().int(),
  /** Revenue per currency (products carry their own currency). */
  revenue: z.array(z.object({ currency: z.string(), amount: z.string() })),
  averagePrice: z.array(z.object({ currency: z.string(), amount: z.string() })),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductEvents = {
  Created: 'evt.catalog.product.created',
  Updated: 'evt.catalog.product.updated',
  Deleted: 'evt.catalog.product.deleted',
} as const;

/** { tenantId, ids } → those of the ids that are products of that tenant (not deleted), as invoice lines need them. */
export const CatalogProductRpc = defineRpc({
  subject: 'rpc.catalog.product.get',
  service: 'catalog',
  request: z.object({ tenantId: z.uuid(), ids: z.array(z.number().int().positive()).min(1).max(1000) }),
  response: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      price: z.string(),
      taxRate: z.string(),
      currency: z.string(),
      isActive: z.boolean(),
    }),
  ),
});
