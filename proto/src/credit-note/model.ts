import { z } from 'zod';
import { CustomerPostalAddress, InvoiceCustomer, InvoiceItem } from '../invoice/model.ts';
import { Metadata } from '../metadata.ts';

/**
 * What a credit note does with the money it takes off its invoice:
 * - `reduce_balance`: lowers what the customer still owes on the invoice (it becomes paid when nothing is left);
 * - `refund`: gives money paid on the invoice back through the payments service (on the processor that took it; a
 *   manual payment produces a refund to record); billing records the credit note with refundStatus `pending`;
 * - `credit`: adds the amount to the customer's credit in the invoice's currency, applied automatically to that
 *   customer's next issued invoices in that currency.
 */
export const CreditNoteResolutions = ['reduce_balance', 'refund', 'credit'] as const;
export const CreditNoteResolution = z.enum(CreditNoteResolutions, {
  error: `Resolution must be one of ${CreditNoteResolutions.join(', ')}`,
});
export type CreditNoteResolution = z.infer<typeof CreditNoteResolution>;

/** The resolution in words (the PDF and the screens). */
export const CreditNoteResolutionLabels: Record<CreditNoteResolution, string> = {
  reduce_balance: 'Deducted from the balance due of the invoice.',
  refund: 'Refunded to the customer.',
  credit: 'Added to the customer’s credit for future invoices.',
};

/** Where the refund of a `refund` credit note stands (null for the other resolutions): pending → refunded | failed. */
export const CreditNoteRefundStatuses = ['pending', 'refunded', 'failed'] as const;
export const CreditNoteRefundStatus = z.enum(CreditNoteRefundStatuses);
export type CreditNoteRefundStatus = z.infer<typeof CreditNoteRefundStatus>;

/**
 * A line of a credit note, shaped like an invoice line (positive amounts: the document says it is a reversal), with
 * the invoice line it corrects when it names one (null for the lines an amount credit note is split into, and for
 * lines typed by hand).
 */
export const CreditNoteItem = InvoiceItem.extend({ invoiceItemId: z.number().int().nullable() });
export type CreditNoteItem = z.infer<typeof CreditNoteItem>;

/**
 * The tax a credit note reverses, per rate of its invoice: one entry per distinct (tax rate id, percentage), lines
 * without tax included with rate "0.00"; amounts positive (the ledger posts them as the reversal of the invoice's).
 */
export const CreditNoteTaxLine = z.object({
  taxRateId: z.number().int().nullable(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  rate: z.string(),
  taxableAmount: z.string(),
  taxAmount: z.string(),
});
export type CreditNoteTaxLine = z.infer<typeof CreditNoteTaxLine>;

/**
 * A credit note as the API answers it: money as positive decimal strings in the invoice's currency, dates as
 * YYYY-MM-DD, instants as ISO-8601 UTC. subtotal (net) + taxAmount = total.
 */
export const CreditNote = z.object({
  id: z.number().int(),
  /** CN-0001…, gap-free per tenant on its own sequence. */
  creditNoteNumber: z.string(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  /** The corrected invoice's issue date ("Credits invoice INV-0007 of 2026-11-01"). */
  invoiceIssueDate: z.string(),
  customerId: z.number().int(),
  /** Whom the note is addressed to: the invoice's customer, with the address its PDF prints. */
  customer: z
    .object({ name: z.string(), email: z.string().nullable() })
    .extend(InvoiceCustomer.pick({ company: true, address: true }).partial().shape)
    .extend(CustomerPostalAddress.shape)
    .nullable(),
  issueDate: z.string(),
  currency: z.string(),
  reason: z.string(),
  resolution: CreditNoteResolution,
  subtotal: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  /**
   * The credited invoice's exchange rate (base units per unit of `currency`): a credit note corrects that invoice at
   * the rate it was counted at, so a note crediting it in full takes back exactly its total in base currency.
   */
  exchangeRate: z.string(),
  /** total × exchangeRate, half-up to cents, in the organization's base currency. */
  totalInBaseCurrency: z.string(),
  /** Only for `refund`: pending until the payments service says the money went back (or could not). */
  refundStatus: CreditNoteRefundStatus.nullable(),
  /** What the payments service has given back for it so far ("0.00" for the other resolutions). */
  refundedAmount: z.string(),
  /** Present in the single answer, GET /api/invoices/{id}/credit-notes and the event; left out of GET /api/credit-notes. */
  items: z.array(CreditNoteItem).optional(),
  taxLines: z.array(CreditNoteTaxLine),
  /** Absent on events written before metadata: read as none. */
  metadata: Metadata.default({}),
  createdAt: z.string(),
  /** Who issued it: the user's id, or `api-key:<id>` for a call made with an API key. */
  createdBy: z.string().nullable(),
});
export type CreditNote = z.infer<typeof CreditNote>;

/** Kinds of customer credit ledger entries: credit from a credit note, credit applied to an invoice, credit given back by a voided invoice. */
export const CustomerCreditEntryKinds = ['credit_note', 'applied', 'returned'] as const;
export const CustomerCreditEntryKind = z.enum(CustomerCreditEntryKinds);
export type CustomerCreditEntryKind = z.infer<typeof CustomerCreditEntryKind>;

/** One movement of a customer's credit: `amount` signed (+ credit gained, − credit used), in `currency`. */
export const CustomerCreditEntry = z.object({
  id: z.number().int(),
  kind: CustomerCreditEntryKind,
  currency: z.string(),
  amount: z.string(),
  creditNoteId: z.number().int().nullable(),
  creditNoteNumber: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerCreditEntry = z.infer<typeof CustomerCreditEntry>;

/** GET /api/customers/{id}/credit: the balance per currency (only currencies with a movement) and the movements, newest first. */
export const CustomerCredit = z.object({
  balances: z.array(z.object({ currency: z.string(), amount: z.string() })),
  entries: z.array(CustomerCreditEntry),
});
export type CustomerCredit = z.infer<typeof CustomerCredit>;
