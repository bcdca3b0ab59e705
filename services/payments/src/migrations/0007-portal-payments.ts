import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The customer portal's pay-several and receipts from every path.
 *
 * - `payments.portal_payments`: one payment a portal customer opens for the balances of several invoices, with the
 *   amount allocated to each (`allocations`: [{invoiceId, invoiceNumber, amount}]); completed once, in one
 *   transaction that inserts a completed `payments.payments` row per invoice (`portal_payment_id`).
 * - `payments.receipts`: the receipts announced (`evt.payments.receipt.created`), one per completed payment or
 *   portal payment: the primary key is what keeps a receipt from being announced twice, whatever retries happen.
 */
export const m0007PortalPayments = sqlMigration('0007_portal_payments', [
  `create table payments.portal_payments (
    id uuid primary key,
    tenant_id uuid not null,
    customer_id bigint not null,
    currency char(3) not null,
    total numeric(15,2) not null check (total > 0),
    status text not null default 'pending' check (status in ('pending', 'completed', 'failed', 'cancelled')),
    method text not null check (method in ('card', 'paypal')),
    processor text not null check (processor in ('demo', 'stripe', 'paypal')),
    transaction_id text,
    allocations jsonb not null,
    failure_message text,
    metadata jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    completed_at timestamptz,
    constraint portal_payments_transaction_unique unique (processor, transaction_id)
  )`,
  `create index portal_payments_customer on payments.portal_payments (tenant_id, customer_id, created_at desc)`,
  `alter table "payments"."portal_payments" enable row level security`,
  `alter table "payments"."portal_payments" force row level security`,
  `create policy tenant_isolation on "payments"."portal_payments" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  // Stripe's webhook and PayPal's capture name a transaction, not a tenant.
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'payments_scan') then
        create role "payments_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "payments" to "payments_scan"`,
  `grant select ("tenant_id", "processor", "transaction_id") on "payments"."portal_payments" to "payments_scan"`,
  `create policy tenant_scan on "payments"."portal_payments" for select to "payments_scan" using (true)`,

  `alter table payments.payments add column portal_payment_id uuid references payments.portal_payments (id)`,
  `create index payments_portal_payment on payments.payments (tenant_id, portal_payment_id) where portal_payment_id is not null`,

  `create table payments.receipts (
    tenant_id uuid not null,
    id text not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`,
  `alter table "payments"."receipts" enable row level security`,
  `alter table "payments"."receipts" force row level security`,
  `create policy tenant_isolation on "payments"."receipts" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
