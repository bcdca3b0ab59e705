import { z } from 'zod';
import { localNumbers, numberForInput } from '@/lib/number-input';
import { ProductBody, ProductCurrencies, StockAdjustmentBody, type Product, type ProductInput } from '@billpoint/proto';
import { fieldIssues } from '@/components/form-fields';
import { ApiError } from '@/lib/api-client';
import { formatDefaults } from '@/lib/format';

/**
 * The product form on proto's request schema, so the browser shows the server's messages ('Product name
 * is required', 'Price is required', "JPY prices have no decimals") under the same fields. The inputs hold text; the
 * stock fields become whole numbers, or null when tracking is off or they are empty.
 */
export type ProductFormValues = {
  name: string;
  sku: string;
  description: string;
  /** '' for none. */
  category: string;
  price: string;
  currency: (typeof ProductCurrencies)[number];
  taxRate: string;
  unitOfMeasure: string;
  isActive: boolean;
  trackInventory: boolean;
  stockQuantity: string;
  lowStockThreshold: string;
};

export const PRODUCT_FORM_FIELDS = [
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
  'stockQuantity',
  'lowStockThreshold',
] as const satisfies readonly (keyof ProductFormValues)[];

/** '' → null; digits (with a sign) → that integer; anything else → NaN, which the schema calls not a whole number. */
export function toCount(text: string): number | null {
  const s = text.trim();
  if (s === '') return null;
  return /^[+-]?\d+$/.test(s) ? Number(s) : Number.NaN;
}

export const productFormSchema = z.preprocess(
  (v: ProductFormValues) => ({
    ...v,
    stockQuantity: v.trackInventory ? toCount(v.stockQuantity) : null,
    lowStockThreshold: v.trackInventory ? toCount(v.lowStockThreshold) : null,
  }),
  // Price and tax rate typed as the person writes numbers ("1.234,50" in German).
  localNumbers(ProductBody, { price: { label: 'Price' }, taxRate: { label: 'Tax rate' } }),
);

/** The organization's currency, tax rate 0, inventory not tracked. */
export const productFormDefaults = (): ProductFormValues => ({
  name: '',
  sku: '',
  description: '',
  category: '',
  price: '',
  currency: ProductCurrencies.find((c) => c === formatDefaults().currency) ?? 'USD',
  taxRate: '0',
  unitOfMeasure: '',
  isActive: true,
  trackInventory: false,
  stockQuantity: '',
  lowStockThreshold: '',
});

/** The edit form: the product as it is now (its stock quantity is what is on the shelf). */
export function productToForm(p: Product): ProductFormValues {
  return {
    name: p.name,
    sku: p.sku ?? '',
    description: p.description ?? '',
    category: p.category ?? '',
    price: numberForInput(p.price),
    currency: (p.currency as ProductFormValues['currency']) ?? 'USD',
    taxRate: numberForInput(p.taxRate),
    unitOfMeasure: p.unitOfMeasure ?? '',
    isActive: p.isActive,
    trackInventory: p.trackInventory,
    stockQuantity: p.stockQuantity == null ? '' : String(p.stockQuantity),
    lowStockThreshold: p.trackInventory ? String(p.lowStockThreshold) : '',
  };
}

/**
 * The POST/PUT body: price and tax rate as exact decimals, the stock fields as integers or null.
 * On edit, a stock quantity left as it was loaded is sent as null ("unchanged"): stock an invoice took meanwhile
 * is not put back by saving a form that still shows the old figure.
 */
export function toProductBody(v: ProductInput, loaded?: Pick<Product, 'trackInventory' | 'stockQuantity'>): ProductBody {
  const unchangedStock = loaded?.trackInventory && v.stockQuantity === loaded.stockQuantity;
  return {
    name: v.name,
    sku: v.sku,
    description: v.description,
    category: v.category ?? null,
    price: v.price,
    currency: v.currency,
    taxRate: v.taxRate,
    unitOfMeasure: v.unitOfMeasure,
    isActive: v.isActive,
    trackInventory: v.trackInventory,
    stockQuantity: v.trackInventory && !unchangedStock ? (v.stockQuantity ?? null) : null,
    lowStockThreshold: v.trackInventory ? (v.lowStockThreshold ?? null) : null,
  };
}

/** The "Adjust stock" control: a signed whole number (typed as text) and an optional note. */
export type StockAdjustmentValues = { quantity: string; note: string };

export const stockAdjustmentFormSchema = z.preprocess(
  (v: StockAdjustmentValues) => ({ quantity: toCount(v.quantity) ?? Number.NaN, note: v.note }),
  StockAdjustmentBody,
);

/**
 * Field problems of a failed save, under their fields: a 400's issues, and a 409's message
 * ('A product with SKU X already exists') under the SKU.
 */
export function serverFieldErrors(error: unknown): { name: (typeof PRODUCT_FORM_FIELDS)[number]; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  if (error.status === 409) return [{ name: 'sku', message: error.body?.message ?? 'This SKU is already in use' }];
  return fieldIssues(error.body, PRODUCT_FORM_FIELDS);
}
