import { ReceiptCreatedData, ReceiptEvents, type ReceiptCreatedData as Receipt } from '@billpoint/proto';
import { addEvent, type EntityManager } from '@billpoint/kit';
import type { PaymentRow } from './payment.sql.ts';

/** The receipt id of a payment of one invoice (a portal payment's receipt is the portal payment's id). */
export const paymentReceiptId = (paymentId: number | string) => `p-${paymentId}`;

/**
 * Announces `evt.payments.receipt.created` in the caller's transaction — the one that completes the money — once per
 * receipt id: `payments.receipts`' primary key makes a second announcement (a retry, a webhook after a confirmation)
 * a no-op, whatever path comes second.
 */
export async function announceReceipt(
  em: EntityManager,
  tenantId: string,
  receipt: Receipt,
  actorId: string | null = null,
): Promise<boolean> {
  const data = ReceiptCreatedData.parse(receipt);
  const inserted = await em.execute<{ id: string }[]>(
    `insert into payments.receipts (tenant_id, id) values (?, ?) on conflict do nothing returning id`,
    [tenantId, data.id],
  );
  if (!inserted.length) return false;
  addEvent(em, { subject: ReceiptEvents.Created, tenantId, actorId, data });
  return true;
}

/** The receipt of one completed payment of one invoice (pay page, Stripe, PayPal, a manual record). */
export function paymentReceipt(row: PaymentRow, customerId: number | null, paidAt = new Date().toISOString()): Receipt {
  return {
    id: paymentReceiptId(row.id),
    customerId,
    currency: row.currency,
    total: row.amount,
    paymentMethod: row.payment_method,
    paidAt,
    allocations: [{ paymentId: Number(row.id), invoiceId: Number(row.invoice_id), invoiceNumber: row.invoice_number, amount: row.amount }],
  };
}
