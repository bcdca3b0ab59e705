import {
  legacyInvoiceStatus,
  lifecycleOfStatus,
  paymentStatusOfStatus,
  toMills,
  type Invoice,
  type InvoiceLifecycle,
  type InvoicePaymentStatus,
  type InvoiceStatus,
} from '@billpoint/proto';
import { Conflict, Invalid } from '@billpoint/kit';

/** What billing stores for an invoice's state: lifecycle and payment state, and the status derived from them. */
export interface StoredState {
  lifecycle: InvoiceLifecycle;
  paymentStatus: InvoicePaymentStatus;
  status: InvoiceStatus;
}

/**
 * A client that still sends the legacy status (the edit form's Draft/Pending/Paid/Overdue, PUT, the public API) asks
 * for a lifecycle and a payment state: both are mapped from it, and the status derived back from them is the one it
 * sent. A status the invoice already has asks for no change of money, so the payment state stays (a partly paid
 * invoice saved as it is stays partial). Marking overdue or viewed by hand counts as that fact for the derivation.
 */
export function stateOfRequestedStatus(
  requested: InvoiceStatus,
  current: Pick<Invoice, 'status' | 'paymentStatus' | 'amountPaid'>,
): StoredState {
  const lifecycle = lifecycleOfStatus(requested);
  const paymentStatus =
    requested === current.status ? current.paymentStatus : paymentStatusOfStatus(requested, toMills(current.amountPaid) > 0n);
  const status = legacyInvoiceStatus({ lifecycle, paymentStatus, overdue: requested === 'overdue', viewed: requested === 'viewed' });
  return { lifecycle, paymentStatus, status };
}

/** The public API's draft-only edit (PATCH): any other status is a 409 naming it. */
export function requireDraft(invoice: Pick<Invoice, 'status' | 'invoiceNumber'>, action: 'edited'): void {
  if (invoice.status !== 'draft')
    throw new Conflict(`Invoice ${invoice.invoiceNumber} is ${invoice.status}: only a draft can be ${action}`, 'resource_state_invalid');
}

export const ISSUED_NOT_DELETABLE = 'An issued invoice cannot be deleted; cancel it or issue a credit note instead';

/**
 * Whether an invoice may be deleted. Once issued its number belongs to the legal sequence, which must stay continuous:
 * it is corrected by a credit note or cancelled, never removed. A draft still holding a number from before numbering
 * moved to issue (legalNumber) is refused too, for the same reason; it can be cancelled instead.
 */
export function requireDeletable(invoice: Pick<Invoice, 'status' | 'invoiceNumber'>, legalNumber: boolean): void {
  if (invoice.status !== 'draft') throw new Conflict(ISSUED_NOT_DELETABLE, 'resource_state_invalid');
  if (legalNumber)
    throw new Conflict(
      `Draft ${invoice.invoiceNumber} already holds a legal invoice number, so deleting it would leave a gap; cancel it instead`,
      'resource_state_invalid',
    );
}

/** An issued invoice never goes back to draft: that would make its number deletable. */
export function requireNoReturnToDraft(from: Invoice['status'], to: Invoice['status']): void {
  if (from !== 'draft' && to === 'draft')
    throw new Invalid('An issued invoice cannot go back to draft; cancel it or issue a credit note instead', 'status');
}

/**
 * A number typed at creation must be the one the sequence gives next; anything else (ahead of it, a number already
 * used, one of a deleted invoice) would break a continuous sequence. The draft still takes its legal number only when
 * it is issued: the number typed is what the next issue gets, unless another invoice is issued first.
 */
export function checkTypedNumber(typed: string | null | undefined, next: string): void {
  if (typed && typed !== next) throw new Invalid(`Invoice number must be ${next}, the next in the sequence`, 'invoice.invoiceNumber');
}
