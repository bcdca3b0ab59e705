import { sqlMigration } from '@billpoint/kit/migrations';

/** How the organization's VAT is rounded: once per rate (the default) or per line (some US sales-tax setups). */
export const m0012TaxRounding = sqlMigration('0012_tax_rounding', [
  `alter table gateway.organization_settings
     add column tax_rounding text not null default 'per_rate' check (tax_rounding in ('per_rate', 'per_line'))`,
]);
