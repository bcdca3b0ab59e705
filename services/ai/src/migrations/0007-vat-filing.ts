import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * What the tax-due insight needs to date the VAT return as the tax compliance tab does: the seller's country, how
 * often the organization files and whether it has Germany's permanent extension (monthly and none until it says).
 */
export const m0007VatFiling = sqlMigration('0007_vat_filing', [
  `alter table ai.organization_facts
     add column country text,
     add column vat_filing_frequency text not null default 'monthly',
     add column vat_deadline_extension boolean not null default false`,
]);
