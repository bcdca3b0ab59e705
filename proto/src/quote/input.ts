import { z } from 'zod';
import { documentText } from '../text.ts';
import { CurrencyCode, Id, PageQuery, CursorMode, optionalText } from '../common.ts';
import { MetadataInput, withMetadataFilter } from '../metadata.ts';
import {
  ExchangeRateField,
  IsoDate,
  InvoiceItemInput,
  InvoiceItemUpdateInput,
  InvoiceMessages,
  TemplateIdField,
  checkFits,
  customerIdField,
  ignoredFigure,
  money,
} from '../invoice/input.ts';
import { QuoteStatus } from './status.ts';

export const QuoteMessages = {
  validUntilRequired: 'Valid until is required',
  validUntilBeforeIssue: 'Valid until cannot be before the issue date',
  nameRequired: 'Your name is required',
} as const;

const quoteFields = {
  customerId: customerIdField(InvoiceMessages.customerRequired),
  /** Defaults to today (UTC). */
  issueDate: IsoDate('Issue date must be a date').nullish(),
  /** The last day the customer can accept; after it the quote expires. */
  validUntil: IsoDate(QuoteMessages.validUntilRequired),
  /** Left out: the customer's currency, else the organization's default currency. */
  currency: CurrencyCode.optional(),
  /**
   * Left out: the organization's rate in force on the issue date (GET /api/exchange-rates), 1 in the base currency; on
   * an update, the stored rate unless the currency or issue date of a draft changes (as invoices).
   */
  exchangeRate: ExchangeRateField.nullish(),
  discountAmount: money('Discount').default('0.00'),
  shippingAmount: money('Shipping').default('0.00'),
  notes: optionalText(5000, 'Notes'),
  terms: optionalText(5000, 'Terms'),
  /** The template its PDF is made with; null or left out: the tenant's default template. */
  templateId: TemplateIdField.optional().transform((v) => v ?? null),
  /** On an update merged into the stored keys (`""` removes one); left out: kept. */
  metadata: MetadataInput.optional(),
  /** Ignored (the number comes from the tenant's quote sequence; the status moves by its own operations). */
  quoteNumber: z.string().nullish(),
  status: z.string().nullish(),
  subtotal: ignoredFigure,
  taxAmount: ignoredFigure,
  total: ignoredFigure,
};

/** Lines: the invoice's line contract (description, quantity, rate, taxRate or taxRateId, productId); figures recomputed. */
const items = z
  .array(InvoiceItemInput, { error: InvoiceMessages.itemsRequired })
  .min(1, InvoiceMessages.itemsRequired)
  .max(500, 'At most 500 items');

function checkDates(q: { issueDate?: string | null; validUntil: string }, ctx: z.RefinementCtx) {
  if (q.issueDate && q.validUntil < q.issueDate)
    ctx.addIssue({ code: 'custom', path: ['quote', 'validUntil'], message: QuoteMessages.validUntilBeforeIssue });
}

/** POST /api/quotes: `{quote: {...}, items: [...]}`, shaped like the invoice create payload. Totals are computed. */
export const QuoteCreateBody = z.strictObject({ quote: z.strictObject(quoteFields), items }).superRefine((b, ctx) => {
  checkFits(b.items, ctx, ['items']);
  checkDates(b.quote, ctx);
});
export type QuoteCreateBody = z.input<typeof QuoteCreateBody>;
export type QuoteCreate = z.output<typeof QuoteCreateBody>;

/**
 * PUT /api/quotes/{id}: the same shape as the create payload (the edit form sends what the create form sends); the
 * quote's fields and lines are replaced (a line's `id` is accepted and ignored). Only while draft, sent or viewed.
 */
export const QuoteUpdateBody = z
  .strictObject({
    quote: z.strictObject(quoteFields),
    items: z
      .array(InvoiceItemUpdateInput, { error: InvoiceMessages.itemsRequired })
      .min(1, InvoiceMessages.itemsRequired)
      .max(500, 'At most 500 items'),
  })
  .superRefine((b, ctx) => {
    checkFits(b.items, ctx, ['items']);
    checkDates(b.quote, ctx);
  });
export type QuoteUpdateBody = z.input<typeof QuoteUpdateBody>;
export type QuoteUpdate = z.output<typeof QuoteUpdateBody>;

/**
 * PATCH /api/quotes/{id} (the public API's update): flat like the invoice's PATCH; fields left out keep their values,
 * `items` (when sent) replace the stored lines. The same rules as PUT (draft, sent or viewed only).
 */
export const QuotePatchBody = z
  .strictObject({
    customerId: quoteFields.customerId.optional(),
    issueDate: IsoDate('Issue date must be a date').optional(),
    validUntil: quoteFields.validUntil.optional(),
    currency: CurrencyCode.optional(),
    exchangeRate: ExchangeRateField.optional(),
    discountAmount: money('Discount').optional(),
    shippingAmount: money('Shipping').optional(),
    notes: optionalText(5000, 'Notes').optional(),
    terms: optionalText(5000, 'Terms').optional(),
    /** Left out: kept; null: the tenant's default template. */
    templateId: TemplateIdField.optional(),
    metadata: MetadataInput.optional(),
    items: z
      .array(InvoiceItemUpdateInput, { error: InvoiceMessages.itemsRequired })
      .min(1, InvoiceMessages.itemsRequired)
      .max(500, 'At most 500 items')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.items) checkFits(b.items, ctx, ['items']);
    if (b.issueDate && b.validUntil && b.validUntil < b.issueDate)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: QuoteMessages.validUntilBeforeIssue });
  });
export type QuotePatchBody = z.input<typeof QuotePatchBody>;
export type QuotePatch = z.output<typeof QuotePatchBody>;

/** GET /api/quotes: a plain array, the total in x-total-count (and x-has-more in cursor mode), like invoices. */
export const QuoteListQuery = withMetadataFilter(
  PageQuery.extend({
    status: QuoteStatus.optional(),
    customerId: Id.optional(),
    ...CursorMode,
  }),
);
export type QuoteListQuery = z.infer<typeof QuoteListQuery>;

/** POST /api/quotes/{token}/accept: who accepts (the time, IP address and browser are recorded by the server). */
export const QuoteAcceptBody = z.strictObject({
  name: documentText(
    z
      .string({ error: QuoteMessages.nameRequired })
      .trim()
      .min(1, QuoteMessages.nameRequired)
      .max(200, 'Name must be at most 200 characters'),
    'Name',
  ),
});
export type QuoteAcceptBody = z.infer<typeof QuoteAcceptBody>;

/** POST /api/quotes/{token}/decline: an optional reason. */
export const QuoteDeclineBody = z.strictObject({ reason: optionalText(2000, 'Reason').optional() });
export type QuoteDeclineBody = z.infer<typeof QuoteDeclineBody>;
