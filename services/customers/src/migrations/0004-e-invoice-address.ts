import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * E-invoices: the buyer's postal address in parts (EN 16931 BT-50, BT-53, BT-52, BT-55) beside the display
 * `address`, and the buyer reference (BT-10, the Leitweg-ID XRechnung requires).
 */
export const m0004EInvoiceAddress = sqlMigration('0004_e_invoice_address', [
  `alter table customers.customers
     add column street text,
     add column postal_code text,
     add column city text,
     add column country char(2),
     add column buyer_reference text`,
]);
