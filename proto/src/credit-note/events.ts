import { z } from 'zod';
import { CreditNote, CreditNoteItem, CreditNoteRefundStatus } from './model.ts';

export const CreditNoteEvents = {
  /** A credit note was issued. Payload: CreditNoteEventData. */
  Created: 'evt.billing.credit_note.created',
} as const;

/**
 * Payload of `evt.billing.credit_note.created`: the credit note with its lines and its tax per rate, its invoice (id,
 * number) and customer. The ledger posts the reversal of revenue and tax per rate from `taxLines`; payments refunds
 * a `refund` one on the processor(s) that took the invoice's money and answers with CreditNoteRefundEvents.Refunded.
 */
export const CreditNoteEventData = CreditNote.extend({
  items: z.array(CreditNoteItem),
  /** Absent from events published before billing's migration 0022. */
  exchangeRate: CreditNote.shape.exchangeRate.optional(),
  totalInBaseCurrency: CreditNote.shape.totalInBaseCurrency.optional(),
});
export type CreditNoteEventData = z.infer<typeof CreditNoteEventData>;

export const CustomerCreditEvents = {
  /** A customer's credit balance in a currency changed (a credit note, credit applied to an invoice, given back). */
  Changed: 'evt.billing.customer_credit.changed',
} as const;

/**
 * Payload of `evt.billing.customer_credit.changed`: the customer's balance in that currency after the change. `seq`
 * grows with every change of that customer's credit (any currency): consumers keep the payload with the highest seq
 * per (customer, currency), so redelivered or reordered events never roll a balance back.
 */
export const CustomerCreditChangedData = z.object({
  customerId: z.number().int(),
  currency: z.string(),
  balance: z.string(),
  seq: z.number().int(),
});
export type CustomerCreditChangedData = z.infer<typeof CustomerCreditChangedData>;

export const CreditNoteRefundEvents = {
  /** The payments service's answer to a `refund` credit note (sent by payments, consumed by billing). */
  Refunded: 'evt.payments.credit_note.refunded',
} as const;

/**
 * Payload of `evt.payments.credit_note.refunded`: `amount` is what has been given back for the credit note so far
 * (cumulative, never more than its total), `status` where the refund stands (`refunded` once all of it went back,
 * `failed` when the processor refused; `pending` while parts are still under way). Billing applies it idempotently:
 * the refunded amount only grows, and a refunded credit note stays refunded.
 */
export const CreditNoteRefundedData = z.object({
  creditNoteId: z.number().int(),
  amount: z.string(),
  status: CreditNoteRefundStatus,
  /**
   * Each payment the credit note's refund drew on, with what that payment has given back in all by then. Billing
   * applies these with the note in one transaction, so a note never reads as refunded while the money it took back
   * still counts as paid (the payments' own refund events may arrive later). Absent on events of older releases.
   */
  payments: z.array(z.object({ paymentId: z.number().int(), refundedAmount: z.string() })).optional(),
});
export type CreditNoteRefundedData = z.infer<typeof CreditNoteRefundedData>;
