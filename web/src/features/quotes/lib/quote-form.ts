import { z } from 'zod';
import {
  computeInvoice,
  InvoiceMessages,
  QuoteCreateBody,
  QuoteMessages,
  type Quote,
  type QuoteCreateBody as QuoteBody,
} from '@billpoint/proto';
import { daysFromToday, editedLineSchema, LINE_ITEM_FIELDS, lineExtras, lineToForm, newItem } from '@/lib/line-items';
import { numberForInput, optionalLocalNumber } from '@/lib/number-input';
import { isFormField } from '@/lib/api-issues';
import { formatDefaults } from '@/lib/format';

/**
 * The quote form (create and edit), derived from proto's request schema so the browser shows the server's messages
 * and sends what the server accepts: customer, valid until, template, notes, terms and the lines (the invoice's).
 */

/** The template picker: '' (none: the tenant's default when the PDF is made) or a template id. */
const templateChoice = z.string().transform((v) => (v ? Number(v) : null));

const fields = QuoteCreateBody.shape.quote.shape;

/** The exchange rate box: '' (the rate in force on the issue date) or a rate the server takes. */
const typedExchangeRate = optionalLocalNumber('Exchange rate', fields.exchangeRate);

export const quoteFormSchema = z
  .object({
    customerId: fields.customerId,
    /** Not an input: today on create, the stored day on edit (valid until cannot be before it). */
    issueDate: z.string(),
    validUntil: fields.validUntil,
    notes: fields.notes,
    terms: fields.terms,
    templateId: templateChoice,
    currency: z.string().length(3),
    /** Shown when the quote's currency is not the base. */
    exchangeRate: typedExchangeRate,
    items: z.array(editedLineSchema, { error: InvoiceMessages.itemsRequired }).min(1, InvoiceMessages.itemsRequired),
  })
  .superRefine((q, ctx) => {
    if (q.validUntil < q.issueDate) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: QuoteMessages.validUntilBeforeIssue });
  });
export type QuoteFormInput = z.input<typeof quoteFormSchema>;
export type QuoteFormOutput = z.output<typeof quoteFormSchema>;

/** The fields a 400's issues can name on the form (`quote.validUntil` → validUntil, `items.0.rate`). */
export const isQuoteFormField = isFormField(
  ['customerId', 'validUntil', 'notes', 'terms', 'templateId', 'currency', 'exchangeRate'],
  LINE_ITEM_FIELDS,
);

/** Valid 30 days from today. */
export const DEFAULT_VALID_DAYS = 30;

export const newQuoteForm = (issueDate: string, today = new Date()): QuoteFormInput => ({
  customerId: '',
  issueDate,
  validUntil: daysFromToday(DEFAULT_VALID_DAYS, today),
  notes: '',
  terms: '',
  templateId: '',
  // The organization's currency until a customer with its own, or the user, chooses another.
  currency: formatDefaults().currency,
  exchangeRate: '',
  items: [newItem()],
});

export function quoteToForm(quote: Quote): QuoteFormInput {
  return {
    customerId: String(quote.customerId),
    issueDate: quote.issueDate,
    validUntil: quote.validUntil,
    notes: quote.notes ?? '',
    terms: quote.terms ?? '',
    templateId: quote.templateId == null ? '' : String(quote.templateId),
    currency: quote.currency,
    exchangeRate: numberForInput(quote.exchangeRate),
    items: (quote.items ?? []).map(lineToForm),
  };
}

/**
 * POST /api/quotes and PUT /api/quotes/{id} body: money as text. What the form does not show (discount, shipping) is
 * the stored quote's on edit, and none on create.
 */
export function toQuoteBody(
  values: QuoteFormOutput,
  kept: Pick<Quote, 'discountAmount' | 'shippingAmount'> = { discountAmount: '0.00', shippingAmount: '0.00' },
): QuoteBody {
  const figures = computeInvoice(values.items);
  return {
    quote: {
      customerId: values.customerId,
      issueDate: values.issueDate,
      validUntil: values.validUntil,
      currency: values.currency,
      ...(values.exchangeRate ? { exchangeRate: values.exchangeRate } : {}),
      discountAmount: kept.discountAmount,
      shippingAmount: kept.shippingAmount,
      notes: values.notes,
      terms: values.terms,
      templateId: values.templateId,
    },
    items: values.items.map((it, i) => ({
      ...(it.id ? { id: it.id } : {}),
      description: it.description,
      quantity: it.quantity,
      rate: it.rate,
      amount: figures.lines[i]!.amount,
      ...lineExtras(it),
    })),
  };
}
