import { sqlMigration } from '@billpoint/kit/migrations';

/** How often the organization files its VAT return and whether it has Germany's permanent one-month extension. */
export const m0013VatFiling = sqlMigration('0013_vat_filing', [
  `alter table gateway.organization_settings
     add column vat_filing_frequency text not null default 'monthly'
       check (vat_filing_frequency in ('monthly', 'quarterly', 'annual')),
     add column vat_deadline_extension boolean not null default false`,
]);
