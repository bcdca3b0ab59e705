import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * E-invoices: each tax rate's EN 16931 VAT category (S, Z, E, AE, K, G, O: what e-invoice lines taxed at it
 * declare) and, for exempt categories, the exemption reason and its VATEX code. Existing rates take the default:
 * S for a positive rate, Z for 0.
 */
export const m0004TaxCategories = sqlMigration('0004_tax_categories', [
  `alter table tax.tax_rates
     add column category text check (category in ('S', 'Z', 'E', 'AE', 'K', 'G', 'O')),
     add column exemption_reason text,
     add column exemption_reason_code text`,
  `update tax.tax_rates set category = case when rate > 0 then 'S' else 'Z' end`,
  `alter table tax.tax_rates alter column category set not null`,
]);
