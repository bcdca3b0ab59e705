import { z } from 'zod';

/**
 * AI invoice drafts: POST /api/ai/invoice-draft {text} → a proposal the invoice form is filled with.
 * Nothing is created by the call. Every id in a proposal is one of the asking tenant's customers, products or tax
 * rates; amounts and quantities are exact decimal strings; dates are yyyy-mm-dd in the organization's time zone.
 */

export const INVOICE_DRAFT_MAX_TEXT = 4000;

export const InvoiceDraftBody = z.strictObject({
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(INVOICE_DRAFT_MAX_TEXT, `Text must be at most ${INVOICE_DRAFT_MAX_TEXT} characters`),
});
export type InvoiceDraftBody = z.input<typeof InvoiceDraftBody>;

/** 0 to 1; the web shows it with `confidenceBand` (High ≥ 0.8, Medium ≥ 0.6, Low). */
const Confidence = z.number().min(0).max(1);

export const InvoiceDraftCustomer = z.object({ id: z.number().int(), name: z.string(), confidence: Confidence });
export type InvoiceDraftCustomer = z.infer<typeof InvoiceDraftCustomer>;

export const InvoiceDraftItem = z.object({
  description: z.string(),
  /** Decimal strings ("12", "1.5", "95.00"). */
  quantity: z.string(),
  rate: z.string(),
  productId: z.number().int().nullable(),
  taxRateId: z.number().int().nullable(),
  /** The tax rate's percentage ("8.25") when `taxRateId` is set, so the form shows the line's tax before saving. */
  taxRate: z.string().nullable(),
  /** The tax rate's name, as the line editor shows it. */
  taxRateName: z.string().nullable(),
  confidence: Confidence,
});
export type InvoiceDraftItem = z.infer<typeof InvoiceDraftItem>;

/** A proposed value and how sure the engine is of it. */
const Sure = <T extends z.ZodType>(value: T) => z.object({ value, confidence: Confidence });

export const InvoiceDraft = z.object({
  /** One of the tenant's customers, or null when none matched well enough (then see `newCustomerName`, `candidates`). */
  customer: InvoiceDraftCustomer.nullable(),
  /** Other customers of the tenant whose names are close, best first (at most 5). */
  candidates: z.array(InvoiceDraftCustomer),
  /** The name the text gives a customer the tenant does not have: the customer to create, or null. */
  newCustomerName: z.string().nullable(),
  items: z.array(InvoiceDraftItem),
  issueDate: Sure(z.string()),
  dueDate: Sure(z.string()),
  currency: Sure(z.string()),
  discountAmount: Sure(z.string()),
  notes: z.string(),
  /** What could not be read, or was assumed; each a sentence for the user. */
  warnings: z.array(z.string()),
  /** Which engine answered: the local parser, or OpenAI checked and completed by it. */
  source: z.enum(['local', 'openai']),
});
export type InvoiceDraft = z.infer<typeof InvoiceDraft>;
