import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The gateway's read model of each tenant's plan (kit "Plan limits"): `/api/v1` refuses the keys of a tenant whose
 * plan has no API access, judged at every call from this table, which `evt.payments.plan.changed` keeps current.
 */
export const m0005PlanLimits = sqlMigration('0005_plan_limits', [
  `create table "gateway".plan_limits (
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
  `alter table "gateway"."plan_limits" enable row level security`,
  `alter table "gateway"."plan_limits" force row level security`,
  `create policy tenant_isolation on "gateway"."plan_limits" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
