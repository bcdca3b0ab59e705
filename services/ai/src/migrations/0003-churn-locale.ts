import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Churn as billing's analytics counts it (proto `churnRate`): `schedule_stops` counts the schedules stopped per day and
 * currency (paused, ended, customer deleted, or cancelled while active), and `schedule_facts.stopped_at` says since
 * when a schedule is stopped (the revenue it took). `organization_facts` keeps the organization's language, the
 * locale the insight texts are written in (money, dates, percentages). Backfill: cancellations on their day, and
 * schedules paused before this migration on their last update.
 */
export const m0003ChurnLocale = sqlMigration('0003_churn_locale', [
  `alter table ai.schedule_facts add column stopped_at timestamptz`,
  `create table ai.schedule_stops (
    tenant_id uuid not null,
    day date not null,
    currency text not null,
    stopped bigint not null default 0,
    primary key (tenant_id, day, currency)
  )`,
  `alter table "ai"."schedule_stops" enable row level security`,
  `alter table "ai"."schedule_stops" force row level security`,
  `create policy tenant_isolation on "ai"."schedule_stops" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create table ai.organization_facts (
    tenant_id uuid primary key,
    language text not null,
    version timestamptz
  )`,
  `alter table "ai"."organization_facts" enable row level security`,
  `alter table "ai"."organization_facts" force row level security`,
  `create policy tenant_isolation on "ai"."organization_facts" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `alter table ai.schedule_facts no force row level security`,
  `alter table ai.schedule_stops no force row level security`,
  `update ai.schedule_facts set stopped_at = coalesce(cancelled_at, version) where not coalesce(is_active, false)`,
  `insert into ai.schedule_stops (tenant_id, day, currency, stopped)
   select tenant_id, (stopped_at at time zone 'UTC')::date, currency, count(*) from ai.schedule_facts
    where stopped_at is not null and currency is not null and not deleted group by 1, 2, 3`,
  `alter table ai.schedule_facts force row level security`,
  `alter table ai.schedule_stops force row level security`,
]);
