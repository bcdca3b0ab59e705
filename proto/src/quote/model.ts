import { z } from 'zod';
import { InvoiceCustomer, InvoiceItem } from '../invoice/model.ts';
import { QuoteStatus } from './status.ts';
import { Metadata } from '../metadata.ts';

/** A quote line: the invoice line's fields. */
export const QuoteItem = InvoiceItem;
export type QuoteItem = z.infer<typeof QuoteItem>;

/** Who accepted a quote on its public page, as recorded then. */
export const QuoteAcceptance = z.object({ name: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() });
export type QuoteAcceptance = z.infer<typeof QuoteAcceptance>;

/** A quote as the API answers it; money as decimal strings, dates as YYYY-MM-DD, times as ISO date-times. */
export const Quote = z.object({
  id: z.number().int(),
  quoteNumber: z.string(),
  status: QuoteStatus,
  customerId: z.number().int(),
  customer: InvoiceCustomer.nullable(),
  issueDate: z.string(),
  validUntil: z.string(),
  currency: z.string(),
  subtotal: z.string(),
  taxAmount: z.string(),
  discountAmount: z.string(),
  shippingAmount: z.string(),
  total: z.string(),
  /** Base-currency units per unit of `currency` (6 places): the rate in force on the issue date, or the one typed. */
  exchangeRate: z.string(),
  /** total × exchangeRate, half-up to cents, in the organization's base currency. */
  totalInBaseCurrency: z.string(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  templateId: z.number().int().nullable(),
  /** Unguessable token of the public page (/quote/{token}); only in the single-quote answer. */
  publicToken: z.string().optional(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  acceptedBy: QuoteAcceptance.nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The draft invoice made from the quote (status converted). */
  convertedInvoiceId: z.number().int().nullable(),
  /** Absent on events written before metadata: read as none. */
  metadata: Metadata.default({}),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present in the single-quote answer. */
  items: z.array(QuoteItem).optional(),
});
export type Quote = z.infer<typeof Quote>;

/** POST /api/quotes/{id}/convert. */
export const QuoteConvertResult = z.object({ invoiceId: z.number().int() });
export type QuoteConvertResult = z.infer<typeof QuoteConvertResult>;

/** GET /api/quotes/{token}/public: the public page (no ids of the tenant; `id` is the token). */
export const PublicQuote = z.object({
  id: z.string(),
  quoteNumber: z.string(),
  status: QuoteStatus,
  issueDate: z.string(),
  validUntil: z.string(),
  currency: z.string(),
  subtotal: z.string(),
  taxAmount: z.string(),
  discountAmount: z.string(),
  shippingAmount: z.string(),
  total: z.string(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string().nullable(), address: z.string().nullable() }).nullable(),
  items: z.array(
    z.object({ description: z.string(), quantity: z.string(), unitPrice: z.string(), taxRate: z.string(), amount: z.string() }),
  ),
  seller: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  /** White-label in effect: the page names the organization only, never the product. */
  whiteLabel: z.boolean().default(false),
  /** True while the customer can accept or decline (sent or viewed, and validUntil not past). */
  canRespond: z.boolean(),
  acceptedAt: z.string().nullable(),
  /** The name given when accepting. */
  acceptedByName: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type PublicQuote = z.infer<typeof PublicQuote>;
