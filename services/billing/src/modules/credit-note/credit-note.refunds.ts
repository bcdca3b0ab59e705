import { CreditNoteRefundEvents, CreditNoteRefundedData } from '@billpoint/proto';
import { consumeEvents, type EntityManager, type ServiceContext, type Subscription } from '@billpoint/kit';
import { refreshStanding } from '../invoice/standing.ts';

/** The order refund states move in: a refunded note stays refunded, a failed one may still be refunded by a retry. */
const REFUND_ORDER = `array['pending','failed','refunded']`;

/**
 * Applies the payments service's word on a `refund` credit note (`evt.payments.credit_note.refunded`): what was given
 * back so far (only grows, never above the note's total) and where the refund stands (forward only). Idempotent: a
 * redelivered or out-of-order event changes nothing. The money itself reaches the invoice through payment.refunded
 * (the payments consumer lowers what was paid) and, for the payments the event names, here in the same transaction;
 * notes of other resolutions, or of another tenant, are left alone.
 */
export async function applyCreditNoteRefund(em: EntityManager, tenantId: string, r: CreditNoteRefundedData): Promise<void> {
  // The payments the refund drew on first, in the same transaction: what they gave back stops counting as paid the
  // moment the note stops counting as pending (their own refund events then change nothing).
  let invoiceId: string | null = null;
  for (const p of r.payments ?? []) {
    const [row] = await em.execute<{ invoice_id: string }[]>(
      `update billing.invoice_payments set refunded_amount = greatest(refunded_amount, least(?::numeric, amount)), updated_at = now()
        where tenant_id = ? and payment_id = ? returning invoice_id::text as invoice_id`,
      [p.refundedAmount, tenantId, p.paymentId],
    );
    if (row) invoiceId = row.invoice_id;
  }
  await em.execute(
    `update billing.credit_notes set
       refunded_amount = greatest(refunded_amount, least(?::numeric, total)),
       refund_status = case when array_position(${REFUND_ORDER}, ?::text) > array_position(${REFUND_ORDER}, refund_status)
                            then ?::text else refund_status end,
       updated_at = now()
     where id = ? and tenant_id = ? and resolution = 'refund'`,
    [r.amount, r.status, r.status, r.creditNoteId, tenantId],
  );
  if (invoiceId !== null) await refreshStanding(em, tenantId, Number(invoiceId));
}

/** Billing's consumer of `evt.payments.credit_note.refunded` (the kit's processed-message log + forward-only states). */
export function creditNoteRefundsConsumer(ctx: ServiceContext): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'billing-credit-note-refunds',
    subject: CreditNoteRefundEvents.Refunded,
    parse: (data) => CreditNoteRefundedData.parse(data),
    handle: (event, em) => applyCreditNoteRefund(em, event.tenantId, event.data),
  });
}
