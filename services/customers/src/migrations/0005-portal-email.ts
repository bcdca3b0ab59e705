import { sqlMigration } from '@billpoint/kit/migrations';

/** The customer portal finds a tenant's customer by e-mail (case-insensitive) at every sign-in request. */
export const m0005PortalEmail = sqlMigration('0005_portal_email', [
  `create index customers_tenant_email on customers.customers (tenant_id, lower(email)) where deleted_at is null`,
]);
