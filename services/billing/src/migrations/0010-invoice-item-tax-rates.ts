import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Invoice lines taxed at one of the tenant's tax rates (the tax service's): the rate's id, and its name and type as
 * they were when the line was written (the PDF's breakdown and the ledger's tax lines read them; the tax service may
 * rename or delete the rate later). The percentage stays in `tax_rate`. Lines without a rate keep nulls.
 */
export const m0010InvoiceItemTaxRates = sqlMigration('0010_invoice_item_tax_rates', [
  `alter table billing.invoice_items
     add column tax_rate_id bigint,
     add column tax_rate_name text,
     add column tax_type text,
     add constraint invoice_items_tax_rate_named check (tax_rate_id is null or tax_rate_name is not null)`,
]);
