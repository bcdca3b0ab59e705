import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * A payment in another currency than the base takes the exchange rate of its own day, kept in
 * `exchange_rate` as before; `invoice_exchange_rate` keeps the invoice's rate when the payment was recorded, so the
 * ledger can post the realised gain or loss between the two. Null on payments recorded before (no gain or loss).
 */
export const m0006InvoiceExchangeRate = sqlMigration('0006_invoice_exchange_rate', [
  `alter table payments.payments add column invoice_exchange_rate numeric(15,6) check (invoice_exchange_rate > 0)`,
]);
