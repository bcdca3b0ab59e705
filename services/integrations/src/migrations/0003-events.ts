import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The events log (the public API's GET /api/v1/events): one row per service event that has a webhook type, written
 * by the webhook fan-out whether or not the organization has endpoints, so a receiver that missed deliveries can
 * catch up. Kept 30 days (a job deletes older rows; the scan role finds the organizations that have some). And the
 * new `invoice.sent` type, which until now came as `invoice.updated`: endpoints that listed `invoice.updated` keep
 * getting the sent notice.
 */
/** Endpoints that listed invoice.updated get invoice.sent too (idempotent: run twice, it adds nothing). */
export const INVOICE_SENT_BACKFILL = `update integrations.webhooks set events = array_append(events, 'invoice.sent')
  where 'invoice.updated' = any(events) and not ('invoice.sent' = any(events))`;

export const m0003Events = sqlMigration('0003_events', [
  `create sequence "integrations"."events_record_seq" as bigint`,
  `create table integrations.events (
    id bigint primary key default "integrations".record_id(nextval('"integrations"."events_record_seq"')),
    tenant_id uuid not null,
    type text not null,
    data jsonb not null,
    source_event_id uuid not null,
    created_at timestamptz not null
  )`,
  `alter sequence "integrations"."events_record_seq" owned by "integrations"."events".id`,
  `create unique index events_source on integrations.events (tenant_id, source_event_id)`,
  `create index events_recent on integrations.events (tenant_id, created_at desc, id desc)`,
  `alter table "integrations"."events" enable row level security`,
  `alter table "integrations"."events" force row level security`,
  `create policy tenant_isolation on "integrations"."events" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'integrations_scan') then
        create role "integrations_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "integrations" to "integrations_scan"`,
  `grant select ("tenant_id", "created_at") on "integrations"."events" to "integrations_scan"`,
  `create policy tenant_scan on "integrations"."events" for select to "integrations_scan" using (true)`,

  INVOICE_SENT_BACKFILL,
]);
