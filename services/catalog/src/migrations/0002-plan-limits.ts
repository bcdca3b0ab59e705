import { sqlMigration } from '@billpoint/kit/migrations';

/** The plan-limits read model (kit `planLimits`): what each tenant's plan allows, fed by `plan.changed`. */
export const m0002PlanLimits = sqlMigration('0002_plan_limits', [
  `create table "catalog".plan_limits (
      tenant_id uuid not null,
      id uuid not null,
      version timestamptz,
      deleted boolean not null default false,
      status text,
      granted jsonb,
      trial jsonb,
      trial_ends_at timestamptz,
      primary key (tenant_id, id)
    )`,
  `alter table "catalog"."plan_limits" enable row level security`,
  `alter table "catalog"."plan_limits" force row level security`,
  `create policy tenant_isolation on "catalog"."plan_limits" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
