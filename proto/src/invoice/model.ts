import { z } from 'zod';
import { Customer } from '../customer.ts';
import { Metadata } from '../metadata.ts';
import { InvoiceLifecycle, InvoicePaymentStatus, InvoiceStatus } from './status.ts';

/**
 * The customer's postal address in parts and its VAT id, as its documents print them (and its e-invoices carry them);
 * absent where a document was answered without them.
 */
export const CustomerPostalAddress = Customer.pick({ taxId: true, street: true, postalCode: true, city: true, country: true }).partial();
export type CustomerPostalAddress = z.infer<typeof CustomerPostalAddress>;

/** The customer as billing knows it (its read model, fed by customers' events). */
export const InvoiceCustomer = Customer.pick({ id: true, name: true, email: true, phone: true, address: true, company: true }).extend(
  CustomerPostalAddress.shape,
);
export type InvoiceCustomer = z.infer<typeof InvoiceCustomer>;

export const InvoiceItem = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  description: z.string(),
  quantity: z.string(),
  rate: z.string(),
  amount: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  /** The tenant's tax rate the line was taxed at, its name and type as they were then; null for a bare percentage. */
  taxRateId: z.number().int().nullable(),
  taxRateName: z.string().nullable(),
  taxType: z.string().nullable(),
  /**
   * The parts of the document's discount and shipping this line carries: the taxable base of its rate is its amount −
   * discountShare + shippingShare. Both 0 (or absent) on documents made before discounts and shipping were taxed (theirs stayed
   * outside VAT).
   */
  discountShare: z.string().optional(),
  shippingShare: z.string().optional(),
});
export type InvoiceItem = z.infer<typeof InvoiceItem>;

/** An invoice as the API answers it; money as decimal strings, dates as YYYY-MM-DD. */
export const Invoice = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  customerId: z.number().int(),
  customer: InvoiceCustomer.nullable(),
  /**
   * The legacy single status, kept for compatibility: derived from lifecycle, paymentStatus, sentAt/viewedAt and
   * overdue (legacyInvoiceStatus). New clients read those instead.
   */
  status: InvoiceStatus.meta({
    description:
      'Legacy status, derived: draft or cancelled by `lifecycle` (draft, void); else paid, refunded or credited by `paymentStatus`; else `overdue` when marked overdue, `viewed` when `viewedAt` is set, otherwise `sent`. Read `lifecycle`, `paymentStatus`, `sentAt`/`viewedAt` and `overdue` instead.',
  }),
  /** The document's lifecycle: draft, issued (it has its legal number) or void (cancelled). */
  lifecycle: InvoiceLifecycle.meta({ description: 'The document: draft, issued (has its legal number) or void (cancelled).' }),
  /** What money did to it: unpaid, partial, paid, refunded (all paid given back) or credited (credit notes took it back). */
  paymentStatus: InvoicePaymentStatus.meta({
    description:
      'What money did: unpaid, partial, paid, refunded (everything paid given back) or credited (credit notes took the whole total back).',
  }),
  /** Issued, its due date in the past (UTC) and money still open; false for drafts, void and settled invoices. */
  overdue: z.boolean().meta({ description: 'Issued, due date in the past and money still open.' }),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  subtotal: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  discountAmount: z.string(),
  shippingAmount: z.string(),
  total: z.string(),
  totalInBaseCurrency: z.string(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  paymentInstructions: z.string().nullable(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  remindersSent: z.number().int(),
  lastReminderAt: z.string().nullable(),
  /** The recurring schedule that generated the invoice (null for invoices made by hand). */
  recurringInvoiceId: z.number().int().nullable(),
  /** The quote the invoice was converted from (null for invoices not made from a quote). */
  quoteId: z.number().int().nullable().default(null),
  /** The template its PDF is made with; null: the tenant's default template (else the built-in classic). */
  templateId: z.number().int().nullable(),
  /** Completed payments minus refunds (kept from the payments service's events). */
  amountPaid: z.string(),
  /**
   * What is left to pay: max(total − credit notes that reduce the balance or refund − customer credit applied − amount
   * paid, 0). A refund credit note counts because the money it gives back leaves amountPaid when refunded.
   */
  balanceDue: z.string(),
  /** The sum of the invoice's credit notes, whatever their resolution. */
  creditedAmount: z.string().default('0.00'),
  /** The customer's credit applied to the invoice when it was issued ("Credit applied"). */
  creditApplied: z.string().default('0.00'),
  /** Unguessable token of the public pay page (/pay/{token}); only in the single-invoice answer. */
  publicToken: z.string().optional(),
  /** Absent on events written before metadata: read as none. */
  metadata: Metadata.default({}),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present in the single-invoice answer. */
  items: z.array(InvoiceItem).optional(),
});
export type Invoice = z.infer<typeof Invoice>;

export const NextNumber = z.object({ invoiceNumber: z.string() });
export type NextNumber = z.infer<typeof NextNumber>;
