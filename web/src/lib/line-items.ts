import { z } from 'zod';
import { computeInvoice, InvoiceItemUpdateInput, lineAmount, sumMoney, type InvoiceItem } from '@billpoint/proto';
import { localNumbers, numberForInput, typedSoFar } from '@/lib/number-input';
import { addDays, startOfDay } from 'date-fns';
import { toIsoDate } from '@/lib/format';

/**
 * The lines of a document (an invoice, a quote): what the line editor shows while typing and what the views sum. The
 * same exact arithmetic as the server (proto money), never floats.
 */

/** The item fields a 400's issues can name on a document form (`items.N.productId`: 'Product not found'). */
export const LINE_ITEM_FIELDS = ['description', 'quantity', 'rate', 'productId', 'taxRateId'];

/** A line's quantity and rate are typed as the person writes numbers ("1,5" hours at "1.200,00" in German). */
export const LINE_NUMBERS = { quantity: { label: 'Quantity' }, rate: { label: 'Rate' } } as const;

/** A stored document's line on an edit form (invoice or quote): its id, with the name of its tax rate shown beside. */
export const editedLineSchema = localNumbers(
  InvoiceItemUpdateInput.pick({
    id: true,
    description: true,
    quantity: true,
    rate: true,
    taxRate: true,
    productId: true,
    taxRateId: true,
  }).extend({ taxRateName: z.string().nullish() }),
  LINE_NUMBERS,
);

/** One item with empty description, quantity 1, rate 0. */
export const newItem = () => ({ description: '', quantity: '1', rate: '0' });

/** A date `days` after today (yyyy-mm-dd): an invoice is due, a quote valid, 30 days from today. */
export const daysFromToday = (days: number, today = new Date()) => toIsoDate(addDays(startOfDay(today), days));

/**
 * quantity × rate to cents with proto's exact arithmetic, for what is typed so far: an empty or
 * unfinished number counts as 0, so the Amount column and the running total never show NaN.
 */
export function displayLineAmount(quantity: unknown, rate: unknown): string {
  return lineAmount(typedSoFar(quantity), typedSoFar(rate));
}

const typed = typedSoFar;

/**
 * The Amount of each row, their Subtotal, the Tax of the lines that carry a rate (a product's; none on a line typed
 * by hand, so then the Total equals the Subtotal) and the Total before the discount, as the server's tax engine
 * computes them: the discount lowers the taxable base of the lines it is shared among, VAT per rate rounded once.
 */
export function runningFigures(
  items: readonly { quantity?: unknown; rate?: unknown; taxRate?: unknown }[],
  defaultTaxRate?: string,
  o: { discountAmount?: string; currency?: string } = {},
) {
  const amounts = items.map((it) => displayLineAmount(it.quantity, it.rate));
  const subtotal = sumMoney(amounts);
  const f = computeInvoice(
    items.map((it) => ({ quantity: typed(it.quantity), rate: typed(it.rate), taxRate: typed(it.taxRate ?? defaultTaxRate) })),
    { discountAmount: typed(o.discountAmount), currency: o.currency },
  );
  // A discount larger than the lines leaves nothing to tax (the server refuses it on saving).
  const tax = f.total.startsWith('-') ? '0.00' : f.taxAmount;
  return { amounts, subtotal, tax, total: sumMoney([subtotal, tax]) };
}

/**
 * A line's product and tax go to the server only when it has them: one of the tenant's tax rates by id (the server
 * takes its percentage), else a bare percentage (a product's that matches no rate; it overrides the document's).
 */
export const lineExtras = (it: { taxRate?: string | null; productId?: number | null; taxRateId?: number | null }) => ({
  ...(it.taxRateId != null ? { taxRateId: it.taxRateId } : it.taxRate != null ? { taxRate: it.taxRate } : {}),
  ...(it.productId != null ? { productId: it.productId } : {}),
});

/** A stored line as the edit form holds it (with its id, product and the name of its tax rate). */
export const lineToForm = (it: InvoiceItem) => ({
  id: it.id,
  description: it.description,
  quantity: numberForInput(it.quantity),
  rate: numberForInput(it.rate),
  taxRate: it.taxRate,
  productId: it.productId,
  taxRateId: it.taxRateId,
  taxRateName: it.taxRateName,
});

/**
 * The summary of a document view. The first design read Total as the sum of the item amounts and Subtotal as Total
 * minus Tax, which holds only when amounts include their tax; ours do not (amount = quantity × rate, tax on top,
 * as the server, the list and the PDF compute it), and products now put tax on lines. So: Subtotal is the sum of
 * the amounts, Tax the sum of the items' tax, Total their sum. Exact decimals (proto money), never floats.
 */
export function viewFigures(items: readonly Pick<InvoiceItem, 'amount' | 'taxAmount'>[]) {
  const subtotal = sumMoney(items.map((it) => it.amount || '0'));
  const tax = sumMoney(items.map((it) => it.taxAmount || '0'));
  return { subtotal, tax, total: sumMoney([subtotal, tax]) };
}

/** A quantity without needless zeros: "3.00" → "3", "1.50" → "1.5". */
export function formatQuantity(q: string): string {
  return /^\d+\.\d+$/.test(q) ? q.replace(/\.?0+$/, '') : q;
}

/** "0", "0.00", "000.0": nothing (a discount or shipping line not to show). */
export const isZeroMoney = (v: string) => /^0+(\.0+)?$/.test(v.trim());
