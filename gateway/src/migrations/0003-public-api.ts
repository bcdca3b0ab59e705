import { sqlMigration, tenantRlsSql, tenantScanSql } from '@billpoint/kit';

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
  ...tenantRlsSql('gateway', 'idempotency_keys'),
  ...tenantScanSql('gateway', 'idempotency_keys', ['tenant_id', 'created_at']),
]);
