import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Idempotency-Keys are the organization's (Stripe scopes them per account, not per API key): a retry made
 * with another key of the same organization replays the first answer instead of running twice. Rows of two keys
 * sharing one Idempotency-Key keep the newest. The request hash is now over canonical JSON (the code's concern).
 *
 * `api_versions`: the organization's API version, pinned to the current one at its first call (a call naming a
 * version in Billpoint-Version uses that one without changing the pin). Tenant data under forced RLS.
 */
export const m0008PublicApiV2 = sqlMigration('0008_public_api_v2', [
  `delete from gateway.idempotency_keys k using gateway.idempotency_keys n
    where n.tenant_id = k.tenant_id and n.idempotency_key = k.idempotency_key
      and (n.created_at, n.api_key_id) > (k.created_at, k.api_key_id)`,
  `alter table gateway.idempotency_keys drop constraint idempotency_keys_pkey`,
  `alter table gateway.idempotency_keys add primary key (tenant_id, idempotency_key)`,
  `create table gateway.api_versions (
    tenant_id uuid primary key,
    version text not null check (version ~ '^\\d{4}-\\d{2}-\\d{2}$'),
    pinned_at timestamptz not null default now()
  )`,
  `alter table "gateway"."api_versions" enable row level security`,
  `alter table "gateway"."api_versions" force row level security`,
  `create policy tenant_isolation on "gateway"."api_versions" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
