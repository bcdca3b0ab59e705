import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * E-invoices: what billing keeps of the seller and the buyer for EN 16931 documents.
 *
 * - organizations (from `organization.updated`): the address in parts (BT-35, BT-38, BT-37, BT-40), the bank account
 *   (BT-84 IBAN, BT-85 holder, BT-86 BIC), the base currency (BT-6 when an invoice is in another one) and whether
 *   invoice e-mails carry the Factur-X PDF.
 * - customers (the read model, from the customers' events): the VAT id (BT-48), the address in parts (BT-50, BT-53,
 *   BT-52, BT-55) and the buyer reference (BT-10). Rows kept before this migration have them null until the
 *   customer's next event.
 */
export const m0020EInvoiceParties = sqlMigration('0020_e_invoice_parties', [
  `alter table billing.organizations
     add column street text,
     add column postal_code text,
     add column city text,
     add column country text,
     add column bank_iban text,
     add column bank_bic text,
     add column bank_account_holder text,
     add column attach_factur_x boolean not null default false`,
  `alter table billing.customers
     add column tax_id text,
     add column street text,
     add column postal_code text,
     add column city text,
     add column country text,
     add column buyer_reference text`,
]);
