import type { EntityManager } from '@billpoint/kit';
import type { PortalReceipt, ReceiptCreatedData } from '@billpoint/proto';

/** A receipt row as billing keeps it. */
export interface ReceiptRow {
  id: string;
  receiptNumber: string;
  customerId: string | null;
  currency: string;
  total: string;
  method: string;
  paidAt: string;
  allocations: PortalReceipt['allocations'];
}
export const RECEIPT_COLUMNS = `id, receipt_number as "receiptNumber", customer_id::text as "customerId", currency, total::text as total,
  method, to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "paidAt", allocations`;

/** The receipt number of a sequence value: RCT-0001 … RCT-0999, then RCT-1000 (as invoice numbers are). */
export const receiptNumber = (seq: number) => `RCT-${String(seq).padStart(4, '0')}`;

/**
 * Keeps a receipt of `evt.payments.receipt.created` once (a second event with the same receipt id changes nothing),
 * numbered from the tenant's receipt sequence (gap-free: the number is taken in the transaction that stores it). The
 * customer is the event's, else the first settled invoice's. Answers whether it was new.
 */
export async function storeReceipt(em: EntityManager, tenantId: string, r: ReceiptCreatedData): Promise<boolean> {
  await em.execute(`insert into billing.receipt_numbers (tenant_id) values (?) on conflict do nothing`, [tenantId]);
  // The sequence row is the lock that orders a tenant's receipts (and makes the existence check below race-free).
  const [{ next_seq }] = (await em.execute<{ next_seq: string }[]>(
    `select next_seq::text as next_seq from billing.receipt_numbers where tenant_id = ? for update`,
    [tenantId],
  )) as [{ next_seq: string }];
  const [exists] = await em.execute(`select 1 from billing.receipts where tenant_id = ? and id = ?`, [tenantId, r.id]);
  if (exists) return false;
  const [invoice] = await em.execute<{ customer_id: string }[]>(
    `select customer_id::text as customer_id from billing.invoices where tenant_id = ? and id = ?`,
    [tenantId, r.allocations[0]!.invoiceId],
  );
  const customerId = r.customerId ?? (invoice ? Number(invoice.customer_id) : null);
  await em.execute(
    `insert into billing.receipts (tenant_id, id, receipt_number, customer_id, currency, total, method, paid_at, allocations)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
    [
      tenantId,
      r.id,
      receiptNumber(Number(next_seq)),
      customerId,
      r.currency,
      r.total,
      r.paymentMethod,
      r.paidAt,
      JSON.stringify(r.allocations),
    ],
  );
  await em.execute(`update billing.receipt_numbers set next_seq = next_seq + 1 where tenant_id = ?`, [tenantId]);
  return true;
}

export const toPortalReceipt = (r: ReceiptRow): PortalReceipt => ({
  id: r.id,
  receiptNumber: r.receiptNumber,
  currency: r.currency,
  total: r.total,
  paymentMethod: r.method,
  paidAt: r.paidAt,
  allocations: r.allocations,
});
