import { sqlMigration, tenantRlsSql, tenantScanSql } from '@billpoint/kit';

/**
 * `billing.numbering` gets row-level security like every tenant table. The overdue job (and the jobs to come)
 * still list tenants from it, through the narrow scan role: tenant ids only, read only.
 */
export const m0002NumberingRls = sqlMigration('0002_numbering_rls', [
  ...tenantRlsSql('billing', 'numbering'),
  ...tenantScanSql('billing', 'numbering', ['tenant_id']),
]);
