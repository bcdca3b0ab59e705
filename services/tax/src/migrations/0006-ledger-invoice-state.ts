import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The ledger's copy of an invoice keeps its lifecycle and payment state as billing's events now carry them. Null on
 * rows (and events) from before: the ledger then goes by the legacy status, as it did.
 */
export const m0006LedgerInvoiceState = sqlMigration('0006_ledger_invoice_state', [
  `alter table tax.ledger_invoices
     add column lifecycle text check (lifecycle in ('draft', 'issued', 'void')),
     add column payment_status text check (payment_status in ('unpaid', 'partial', 'paid', 'refunded', 'credited'))`,
]);
