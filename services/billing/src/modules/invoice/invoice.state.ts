import type { Invoice } from '@billpoint/proto';
import { Conflict, Invalid } from '@billpoint/kit';

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
