import { z } from 'zod';
import { documentText } from '../text.ts';
import { CurrencyCode, CursorMode, Id, PageQuery, decimalJsonSchema, optionalText } from '../common.ts';
import { normalizeMoney, toMills, toScaled, fromScaled } from '../money.ts';
import { computeInvoice } from '../tax-engine.ts';
import { InvoiceStatus } from './status.ts';
import { MetadataInput, withMetadataFilter } from '../metadata.ts';

/** The invoice form's validation messages, word for word. */
export const InvoiceMessages = {
  customerRequired: 'Customer is required',
  selectCustomer: 'Please select a customer',
  dueDateRequired: 'Due date is required',
  descriptionRequired: 'Description is required',
  quantityRequired: 'Quantity is required',
  rateRequired: 'Rate is required',
  itemsRequired: 'At least one item is required',
} as const;

/** Largest amount a document holds, in mills: 999,999,999,999.99. */
export const MAX_MONEY_MILLS = 999_999_999_999_990n;

/** A calendar date as YYYY-MM-DD; an ISO date-time is taken at the date it names (the picker's local date). */
export const IsoDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((v, ctx) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(v);
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
      if (!m || !d || d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1) {
        ctx.addIssue({ code: 'custom', message: 'Date must be a valid date (YYYY-MM-DD)' });
        return z.NEVER;
      }
      return `${m[1]}-${m[2]}-${m[3]}`;
    })
    .meta({
      pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}(T|\\s*$)',
      description: 'A calendar date, YYYY-MM-DD (an ISO 8601 date-time is taken at the date it names).',
    });

/**
 * A non-negative decimal with at most `places` places (2 for money, 4 for quantities and unit prices), as text or
 * number; answers the normalized text with 2 places at least ("3" → "3.00", "0.0125" stays).
 */
const decimalField = (label: string, required: string, max = 99_999_999_999n, places = 2) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (s === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      if (!/^\d+(\.\d+)?$/.test(s) && !/^-/.test(s)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (s.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at least 0` });
        return z.NEVER;
      }
      if ((s.split('.')[1] ?? '').length > places) {
        ctx.addIssue({ code: 'custom', message: `${label} can have at most ${places} decimals` });
        return z.NEVER;
      }
      const scaled = toScaled(s, places);
      if (scaled > max * 10n ** BigInt(places)) {
        ctx.addIssue({ code: 'custom', message: `${label} is too large` });
        return z.NEVER;
      }
      return trimDecimals(fromScaled(scaled, places));
    })
    .meta(
      decimalJsonSchema({
        digits: String(max).length,
        leadingZeros: true,
        places,
        max: Number(max),
        description: `A number ≥ 0 and at most ${max} with at most ${places} decimals, as text ("12.50") or number.`,
      }),
    );

/** "3.0000" → "3.00", "0.0125" → "0.0125": trailing zeros past the second decimal dropped. */
export const trimDecimals = (v: string) => v.replace(/^(-?\d+\.\d{2}\d*?)0+$/, '$1');

const percent = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .transform((v, ctx) => {
      const s = String(v).trim() || '0';
      if (!/^\d+(\.\d{1,2})?$/.test(s) || toScaled(s, 2) > 10000n) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a percentage from 0 to 100 with at most 2 decimals` });
        return z.NEVER;
      }
      return normalizeMoney(s);
    })
    .meta({
      description: 'A percentage from 0 to 100 with at most 2 decimals, as text ("19.5") or number; empty text counts as 0.',
      anyOf: [
        { type: 'string', pattern: '^\\s*(0*(100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?))?\\s*$' },
        { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.01 },
      ],
    });

/**
 * A non-negative amount (discount, shipping) with at most 3 decimals, the finest minor unit (dinars); the document's
 * currency may allow fewer, which the service checks once it knows the currency. Answered as normalized text.
 */
export const money = (label: string) => decimalField(label, `${label} is required`, 99_999_999_999n, 3);
export const ignoredFigure = z.union([z.string(), z.number()]).nullish(); // client figures are recomputed, never stored

/** A line's tax rate: the id of one of the tenant's tax rates (GET /api/tax-rates), or none. Invoice and schedule lines. */
export const TaxRateIdField = z
  .number({ error: 'Tax rate must be a tax rate id' })
  .int('Tax rate must be a tax rate id')
  .positive('Tax rate must be a tax rate id')
  .max(Number.MAX_SAFE_INTEGER, 'Tax rate must be a tax rate id')
  .nullish();

const itemFields = {
  description: documentText(
    z
      .string({ error: InvoiceMessages.descriptionRequired })
      .trim()
      .min(1, InvoiceMessages.descriptionRequired)
      .max(1000, 'Description must be at most 1000 characters'),
    'Description',
  ),
  quantity: decimalField('Quantity', InvoiceMessages.quantityRequired, 1_000_000_000n, 4),
  rate: decimalField('Rate', InvoiceMessages.rateRequired, 99_999_999_999n, 4),
  /** Ignored: the server computes quantity × rate. */
  amount: ignoredFigure,
  /** The line's percentage when it names no tax rate (else the invoice's); ignored when `taxRateId` is given. */
  taxRate: percent('Tax rate').nullish(),
  taxAmount: ignoredFigure,
  productId: z.number().int().positive().nullish(),
  /**
   * One of the tenant's tax rates (GET /api/tax-rates): the line's percentage becomes the rate's. It must be active
   * and valid on the invoice's issue date (else a 400 naming `items.N.taxRateId`).
   */
  taxRateId: TaxRateIdField,
};

export const InvoiceItemInput = z.strictObject(itemFields);
export type InvoiceItemInput = z.input<typeof InvoiceItemInput>;
export const InvoiceItemUpdateInput = z.strictObject({ id: z.number().int().positive().nullish(), ...itemFields });

const currency = CurrencyCode;
/** An exchange rate typed on a document (invoice, quote): base units per unit of its currency, 6 places. */
export const ExchangeRateField = z
  .union([z.string(), z.number()], { error: 'Exchange rate must be a number' })
  .transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d+(\.\d{1,6})?$/.test(s) || toScaled(s, 6) === 0n) {
      ctx.addIssue({ code: 'custom', message: 'Exchange rate must be a positive number with at most 6 decimals' });
      return z.NEVER;
    }
    return fromScaled(toScaled(s, 6), 6);
  })
  .meta({
    description: 'Units of the base currency per unit of the invoice currency: a number > 0 with at most 6 decimals, as text or number.',
    anyOf: [
      { type: 'string', pattern: '^\\s*\\d+(\\.\\d{1,6})?\\s*$' },
      { type: 'number', exclusiveMinimum: 0, multipleOf: 0.000001 },
    ],
  });
const exchangeRate = ExchangeRateField;
const invoiceNumber = z
  .string({ error: 'Invoice number must be text' })
  .trim()
  .min(1, 'Invoice number cannot be empty')
  .max(50, 'Invoice number must be at most 50 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Invoice number may use letters, digits and . _ / -');
/** The invoice's template (invoices.templateId); null: the tenant's default template when the PDF is made. */
export const TemplateIdField = z
  .number({ error: 'Template must be a template id' })
  .int('Template must be a template id')
  .positive('Template must be a template id')
  .max(Number.MAX_SAFE_INTEGER, 'Template must be a template id')
  .nullable();

export const customerIdField = (message: string) =>
  z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z.number({ error: message }).int(message).positive(message),
    )
    .meta({ type: ['integer', 'string'], pattern: '^\\s*\\d+\\s*$', description: 'A customer id (a number, or its digits as text).' });

/** Totals must stay within the largest amount a document holds (invoice and quote bodies). */
export function checkFits(items: { quantity: string; rate: string }[], ctx: z.RefinementCtx, path: (string | number)[]) {
  let sum = 0n;
  items.forEach((it, i) => {
    const line = computeInvoice([it]).lines[0]!.amount;
    const mills = toMills(line);
    sum += mills;
    if (mills > MAX_MONEY_MILLS) ctx.addIssue({ code: 'custom', path: [...path, i, 'rate'], message: 'Line amount is too large' });
  });
  if (sum > MAX_MONEY_MILLS) ctx.addIssue({ code: 'custom', path, message: 'Invoice total is too large' });
}

/** POST /api/invoices: the invoice create payload. Totals sent by the client are ignored. */
export const InvoiceCreateBody = z
  .strictObject({
    invoice: z.strictObject({
      customerId: customerIdField(InvoiceMessages.customerRequired),
      /**
       * Omit it, or send the next-number answer: any other number is a 400 naming the next one. The invoice is a draft
       * with a draft reference until it is issued; it takes its legal number then.
       */
      invoiceNumber: invoiceNumber.nullish(),
      issueDate: IsoDate('Issue date must be a date').nullish(),
      dueDate: IsoDate(InvoiceMessages.dueDateRequired),
      /** New invoices are always drafts; a status sent here is ignored. */
      status: z.string().nullish(),
      /** Left out: the customer's currency, else the organization's default currency. */
      currency: currency.optional(),
      /** Left out: the organization's rate in force on the issue date (GET /api/exchange-rates); 1 in the base currency. */
      exchangeRate: exchangeRate.nullish(),
      taxRate: percent('Tax rate').default('0.00'),
      discountAmount: money('Discount').default('0.00'),
      shippingAmount: money('Shipping').default('0.00'),
      notes: optionalText(5000, 'Notes'),
      terms: optionalText(5000, 'Terms'),
      paymentInstructions: optionalText(5000, 'Payment instructions'),
      templateId: TemplateIdField.optional().transform((v) => v ?? null),
      metadata: MetadataInput.optional(),
      subtotal: ignoredFigure,
      taxAmount: ignoredFigure,
      total: ignoredFigure,
    }),
    items: z
      .array(InvoiceItemInput, { error: InvoiceMessages.itemsRequired })
      .min(1, InvoiceMessages.itemsRequired)
      .max(500, 'At most 500 items'),
  })
  .superRefine((b, ctx) => checkFits(b.items, ctx, ['items']));
export type InvoiceCreateBody = z.input<typeof InvoiceCreateBody>;
export type InvoiceCreate = z.output<typeof InvoiceCreateBody>;

const updateFields = {
  customerId: customerIdField(InvoiceMessages.selectCustomer),
  issueDate: IsoDate('Issue date must be a date').optional(),
  dueDate: IsoDate(InvoiceMessages.dueDateRequired).optional(),
  status: InvoiceStatus.optional(),
  currency: currency.optional(),
  exchangeRate: exchangeRate.optional(),
  taxRate: percent('Tax rate').optional(),
  discountAmount: money('Discount').optional(),
  shippingAmount: money('Shipping').optional(),
  notes: optionalText(5000, 'Notes').optional(),
  terms: optionalText(5000, 'Terms').optional(),
  paymentInstructions: optionalText(5000, 'Payment instructions').optional(),
  /** Left out: kept; null: the tenant's default template. */
  templateId: TemplateIdField.optional(),
  /** Merged into the stored keys (`""` removes one). */
  metadata: MetadataInput.optional(),
  total: ignoredFigure,
  subtotal: ignoredFigure,
  taxAmount: ignoredFigure,
  items: z
    .array(InvoiceItemUpdateInput, { error: InvoiceMessages.itemsRequired })
    .min(1, InvoiceMessages.itemsRequired)
    .max(500, 'At most 500 items'),
};

/** PUT /api/invoices/{id}. Items replace the stored ones; fields left out keep their values. */
export const InvoiceUpdateBody = z.strictObject(updateFields).superRefine((b, ctx) => checkFits(b.items, ctx, ['items']));
export type InvoiceUpdateBody = z.input<typeof InvoiceUpdateBody>;
export type InvoiceUpdate = z.output<typeof InvoiceUpdateBody>;

/**
 * PATCH /api/invoices/{id} (the public API): a draft only (409 resource_state_invalid otherwise), but a PATCH of
 * `metadata` alone changes any invoice; fields left out keep their values, `items` (when sent) replace the stored ones. The status moves by its own operations (send, void).
 */
export const InvoicePatchBody = z
  .strictObject({
    customerId: updateFields.customerId.optional(),
    issueDate: updateFields.issueDate,
    dueDate: updateFields.dueDate,
    currency: updateFields.currency,
    exchangeRate: updateFields.exchangeRate,
    taxRate: updateFields.taxRate,
    discountAmount: updateFields.discountAmount,
    shippingAmount: updateFields.shippingAmount,
    notes: updateFields.notes,
    terms: updateFields.terms,
    paymentInstructions: updateFields.paymentInstructions,
    templateId: updateFields.templateId,
    metadata: updateFields.metadata,
    items: updateFields.items.optional(),
  })
  .superRefine((b, ctx) => b.items && checkFits(b.items, ctx, ['items']));
export type InvoicePatchBody = z.input<typeof InvoicePatchBody>;
export type InvoicePatch = z.output<typeof InvoicePatchBody>;

export const InvoiceListQuery = withMetadataFilter(
  PageQuery.extend({
    status: InvoiceStatus.optional(),
    /** The public API's filters: one customer's invoices, created in [createdFrom, createdTo); and `metadata[key]`. */
    customerId: Id.optional(),
    createdFrom: z.iso.datetime({ offset: true, error: 'createdFrom must be an ISO 8601 date-time' }).optional(),
    createdTo: z.iso.datetime({ offset: true, error: 'createdTo must be an ISO 8601 date-time' }).optional(),
    /** The invoices a recurring schedule generated. */
    recurringInvoiceId: Id.optional(),
    ...CursorMode,
  }),
);
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

/** DELETE /api/invoices/{id}: `draftOnly=true` (the public API's delete) refuses anything but a draft with a 409. */
export const InvoiceDeleteQuery = z.object({
  draftOnly: z.enum(['true', 'false'], { error: 'draftOnly must be true or false' }).optional(),
});
export type InvoiceDeleteQuery = z.infer<typeof InvoiceDeleteQuery>;
