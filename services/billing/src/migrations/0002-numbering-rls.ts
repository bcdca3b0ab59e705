import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * `billing.numbering` gets row-level security like every tenant table. The overdue job (and the jobs to come)
 * still list tenants from it, through the narrow scan role: tenant ids only, read only.
 */
export const m0002NumberingRls = sqlMigration('0002_numbering_rls', [
  `alter table "billing"."numbering" enable row level security`,
  `alter table "billing"."numbering" force row level security`,
  `create policy tenant_isolation on "billing"."numbering" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'billing_scan') then
        create role "billing_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "billing" to "billing_scan"`,
  `grant select ("tenant_id") on "billing"."numbering" to "billing_scan"`,
  `create policy tenant_scan on "billing"."numbering" for select to "billing_scan" using (true)`,
]);
