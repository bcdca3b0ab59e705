import { z } from 'zod';
import { documentText } from '../text.ts';
import { CursorMode, Id, PageQuery } from '../common.ts';
import { fromMills, toMills } from '../money.ts';
import { InvoiceItemInput } from '../invoice/input.ts';
import { CreditNoteResolution } from './model.ts';
import { MetadataInput, withMetadataFilter } from '../metadata.ts';

export const CreditNoteMessages = {
  invoiceRequired: 'Invoice is required',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  itemsOrAmount: 'Give either the lines to credit (items) or an amount',
  notBoth: 'Give either items or amount, not both',
  itemsRequired: 'At least one item is required',
} as const;

/**
 * A line to credit: the invoice's line contract (description, quantity, rate, productId, taxRateId or taxRate), plus
 * the invoice line it corrects. With `invoiceItemId` the line's tax (rate id, percentage, name, type) and product are
 * the invoice line's, whatever is sent; without it `taxRateId` must be a tax rate the invoice's lines use, or
 * `taxRate` (default: the invoice's percentage) a bare percentage they use — a credit note reverses the invoice's tax,
 * never another. Amounts sent are ignored (quantity × rate, tax per line, as on the invoice).
 */
export const CreditNoteItemInput = InvoiceItemInput.extend({
  invoiceItemId: z
    .number({ error: 'Invoice line must be a line id of the invoice' })
    .int('Invoice line must be a line id of the invoice')
    .positive('Invoice line must be a line id of the invoice')
    .max(Number.MAX_SAFE_INTEGER, 'Invoice line must be a line id of the invoice')
    .nullish(),
});
export type CreditNoteItemInput = z.input<typeof CreditNoteItemInput>;

/** A gross amount > 0 with at most 3 decimals, the finest minor unit (the currency's own minor units are checked by the server). */
const GrossAmount = z
  .union([z.string(), z.number()], { error: 'Amount must be a number' })
  .transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d{1,13}(\.\d{1,3})?$/.test(s) || toMills(s) <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be a positive amount with at most 3 decimals' });
      return z.NEVER;
    }
    return fromMills(toMills(s));
  })
  .meta({
    description:
      'A gross amount > 0 with at most 3 decimals, as text ("12.50") or number (the currency\'s own minor units are checked too).',
    anyOf: [
      { type: 'string', pattern: '^\\s*\\d{1,13}(\\.\\d{1,3})?\\s*$' },
      { type: 'number', exclusiveMinimum: 0, maximum: 9_999_999_999_999.99, multipleOf: 0.001 },
    ],
  });

/**
 * POST /api/credit-notes. Exactly one of `items` (lines of the invoice, possibly fewer or smaller) or `amount` (a
 * gross amount: its tax is split across the invoice's tax rates in proportion, see splitCreditAmount). The invoice
 * must be issued (409 otherwise); the credit notes of an invoice never exceed its total (400 naming what is left).
 */
export const CreditNoteCreateBody = z
  .strictObject({
    invoiceId: z.coerce
      .number({ error: CreditNoteMessages.invoiceRequired })
      .int(CreditNoteMessages.invoiceRequired)
      .positive(CreditNoteMessages.invoiceRequired)
      .max(Number.MAX_SAFE_INTEGER, CreditNoteMessages.invoiceRequired)
      .meta({ type: ['integer', 'string'], description: "The corrected invoice's id (a number, or its digits as text)." }),
    reason: documentText(
      z
        .string({ error: CreditNoteMessages.reasonRequired })
        .trim()
        .min(1, CreditNoteMessages.reasonRequired)
        .max(500, CreditNoteMessages.reasonTooLong),
      'Reason',
    ),
    resolution: CreditNoteResolution,
    items: z
      .array(CreditNoteItemInput, { error: CreditNoteMessages.itemsRequired })
      .min(1, CreditNoteMessages.itemsRequired)
      .max(500, 'At most 500 items')
      .optional(),
    amount: GrossAmount.optional(),
    /** Set once, with the credit note: an issued credit note never changes. */
    metadata: MetadataInput.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.items && b.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: CreditNoteMessages.notBoth });
    if (!b.items && !b.amount) ctx.addIssue({ code: 'custom', path: ['items'], message: CreditNoteMessages.itemsOrAmount });
  });
export type CreditNoteCreateBody = z.input<typeof CreditNoteCreateBody>;
export type CreditNoteCreate = z.output<typeof CreditNoteCreateBody>;

/**
 * GET /api/credit-notes: newest first; filters by invoice and customer, `search` over the credit note's and the
 * invoice's numbers and the customer's name; offset paging (total in x-total-count) or cursor paging (x-has-more).
 */
export const CreditNoteListQuery = withMetadataFilter(
  PageQuery.extend({
    invoiceId: Id.optional(),
    customerId: Id.optional(),
    ...CursorMode,
  }),
);
export type CreditNoteListQuery = z.infer<typeof CreditNoteListQuery>;
