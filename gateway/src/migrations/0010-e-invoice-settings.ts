import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * E-invoices: the organization's bank details (IBAN, BIC, account holder: EN 16931 BG-17) and whether invoice
 * e-mails carry the Factur-X PDF. The seller's address parts live in `billing_address` (jsonb) beside its display line.
 */
export const m0010EInvoiceSettings = sqlMigration('0010_e_invoice_settings', [
  `alter table gateway.organization_settings
     add column bank_details jsonb not null default '{}'::jsonb,
     add column attach_factur_x boolean not null default false`,
]);
