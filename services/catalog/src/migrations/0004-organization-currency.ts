import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Each organization's default currency as the gateway last announced it (`organization.updated`): a record created
 * without a currency takes it. One row per organization, keyed by its id twice (tenant and item), versioned by the
 * settings' update time.
 */
export const m0004OrganizationCurrency = sqlMigration('0004_organization_currency', [
  `create table catalog.organizations (
    tenant_id uuid not null,
    id uuid not null,
    default_currency char(3),
    version text,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "catalog"."organizations" enable row level security`,
  `alter table "catalog"."organizations" force row level security`,
  `create policy tenant_isolation on "catalog"."organizations" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
