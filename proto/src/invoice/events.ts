import { z } from 'zod';
import { toScaled, fromScaled, sumMoney } from '../money.ts';
import { Invoice, type InvoiceItem } from './model.ts';

export const InvoiceEvents = {
  Created: 'evt.billing.invoice.created',
  Updated: 'evt.billing.invoice.updated',
  Sent: 'evt.billing.invoice.sent',
  Paid: 'evt.billing.invoice.paid',
  Overdue: 'evt.billing.invoice.overdue',
  Deleted: 'evt.billing.invoice.deleted',
  /** Published with `Updated` when an invoice is voided (same payload): the webhook event invoice.voided. */
  Voided: 'evt.billing.invoice.voided',
} as const;

/**
 * Payload of every invoice event: the invoice without its items or token, plus its lines that name a product
 * (catalog keeps stock and product revenue from them). `productLines` is absent on events that did not load the
 * lines (a bulk status change): the lines are then as the previous event said.
 */
export const InvoiceEventData = Invoice.omit({ items: true, publicToken: true }).extend({
  /** Absent on events an older billing published (only `status` then); consumers fall back to the status groups. */
  lifecycle: Invoice.shape.lifecycle.optional(),
  paymentStatus: Invoice.shape.paymentStatus.optional(),
  overdue: Invoice.shape.overdue.optional(),
  productLines: z.array(z.object({ productId: z.number().int(), quantity: z.string(), amount: z.string() })).optional(),
  /**
   * Every line as typed (the ai service drafts "same as last month" from the customer's latest invoice).
   * Absent like `productLines`, and on events written before it existed.
   */
  lines: z
    .array(
      z.object({
        description: z.string(),
        quantity: z.string(),
        rate: z.string(),
        productId: z.number().int().nullable(),
        taxRateId: z.number().int().nullable(),
      }),
    )
    .optional(),
  /**
   * The invoice's tax per rate (the ledger books sales tax payable from it): one entry per distinct (tax rate id,
   * percentage) among the lines, lines without tax included with rate "0.00". Absent like `productLines`.
   */
  taxLines: z
    .array(
      z.object({
        taxRateId: z.number().int().nullable(),
        name: z.string().nullable(),
        type: z.string().nullable(),
        rate: z.string(),
        taxableAmount: z.string(),
        taxAmount: z.string(),
      }),
    )
    .optional(),
});
export type InvoiceEventData = z.infer<typeof InvoiceEventData>;
export type InvoiceTaxLine = NonNullable<InvoiceEventData['taxLines']>[number];

/**
 * The invoice's tax per rate (InvoiceEventData.taxLines): the lines grouped by (tax rate id, percentage) in the order
 * they first appear; each group's taxable amount is the sum of its lines' share of the taxable base (amount − discount
 * share + shipping share, as the tax engine allotted them) and its tax the sum of the lines' tax as stored, so the
 * groups' tax adds up to the invoice's taxAmount and their taxable amounts to subtotal − discount + shipping (on
 * documents made before discounts and shipping were taxed, to the subtotal: theirs stayed outside VAT).
 */
export function taxLinesOf(
  items: readonly Pick<
    InvoiceItem,
    'amount' | 'taxRate' | 'taxAmount' | 'taxRateId' | 'taxRateName' | 'taxType' | 'discountShare' | 'shippingShare'
  >[],
): InvoiceTaxLine[] {
  const groups = new Map<string, InvoiceTaxLine & { amounts: string[]; taxes: string[] }>();
  for (const it of items) {
    const rate = fromScaled(toScaled(it.taxRate || '0', 2), 2);
    const key = `${it.taxRateId ?? ''}|${rate}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        taxRateId: it.taxRateId ?? null,
        name: it.taxRateName ?? null,
        type: it.taxType ?? null,
        rate,
        taxableAmount: '0.00',
        taxAmount: '0.00',
        amounts: [],
        taxes: [],
      };
      groups.set(key, g);
    }
    g.amounts.push(it.amount, `-${it.discountShare ?? '0'}`, it.shippingShare ?? '0');
    g.taxes.push(it.taxAmount);
  }
  return [...groups.values()].map(({ amounts, taxes, ...g }) => ({ ...g, taxableAmount: sumMoney(amounts), taxAmount: sumMoney(taxes) }));
}
