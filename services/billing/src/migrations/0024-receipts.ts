import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Receipts (`evt.payments.receipt.created`), numbered per tenant RCT-0001…, and the state of their e-mail:
 * `mail_status` pending → sent (or skipped: no address), attempts counted; the Message-ID derives from the receipt, so
 * a mail re-sent after a crash is the same message.
 */
export const m0024Receipts = sqlMigration('0024_receipts', [
  `create table billing.receipts (
    tenant_id uuid not null,
    id text not null,
    receipt_number text not null,
    customer_id bigint,
    currency text not null,
    total numeric(15,2) not null,
    method text not null,
    paid_at timestamptz not null,
    allocations jsonb not null,
    mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'skipped', 'failed')),
    mail_attempts integer not null default 0,
    mail_error text,
    mailed_at timestamptz,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id),
    unique (tenant_id, receipt_number)
  )`,
  `create index receipts_customer on billing.receipts (tenant_id, customer_id, paid_at desc)`,
  `alter table "billing"."receipts" enable row level security`,
  `alter table "billing"."receipts" force row level security`,
  `create policy tenant_isolation on "billing"."receipts" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  // The job that retries receipt e-mails finds the tenants with one pending (as the deliveries job does).
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'billing_scan') then
        create role "billing_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "billing" to "billing_scan"`,
  `grant select ("tenant_id", "mail_status") on "billing"."receipts" to "billing_scan"`,
  `create policy tenant_scan on "billing"."receipts" for select to "billing_scan" using (true)`,
  `create table billing.receipt_numbers (
    tenant_id uuid primary key,
    next_seq bigint not null default 1 check (next_seq >= 1)
  )`,
  `alter table "billing"."receipt_numbers" enable row level security`,
  `alter table "billing"."receipt_numbers" force row level security`,
  `create policy tenant_isolation on "billing"."receipt_numbers" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
