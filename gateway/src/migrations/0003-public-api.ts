import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The public API's Idempotency-Key store (Stripe's semantics, 24 h): one row per (tenant, API key, key), claimed
 * by the first request (`started`), then holding the answer it got (`done`) for replays. Tenant data (answers
 * carry customers and invoices): forced RLS like every tenant table; the clean-up job finds expired rows through
 * the scan role, which sees the tenant and the time only.
 */
export const m0003PublicApi = sqlMigration('0003_public_api', [
  `create table gateway.idempotency_keys (
    tenant_id uuid not null,
    api_key_id text not null,
    idempotency_key text not null,
    request_hash text not null,
    state text not null check (state in ('started', 'done')),
    status_code integer,
    response_type text,
    response_body text,
    created_at timestamptz not null default now(),
    claimed_at timestamptz not null default now(),
    primary key (tenant_id, api_key_id, idempotency_key)
  )`,
  `create index idempotency_keys_created on gateway.idempotency_keys (created_at)`,
  `alter table "gateway"."idempotency_keys" enable row level security`,
  `alter table "gateway"."idempotency_keys" force row level security`,
  `create policy tenant_isolation on "gateway"."idempotency_keys" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'gateway_scan') then
        create role "gateway_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "gateway" to "gateway_scan"`,
  `grant select ("tenant_id", "created_at") on "gateway"."idempotency_keys" to "gateway_scan"`,
  `create policy tenant_scan on "gateway"."idempotency_keys" for select to "gateway_scan" using (true)`,
]);
