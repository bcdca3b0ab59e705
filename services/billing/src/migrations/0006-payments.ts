import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * What payments did to invoices: `amount_paid` on the invoice, kept from `invoice_payments` — billing's copy of each
 * payment's state, fed by the payments service's events (by payment id, only ever moving forward, so a redelivered
 * or out-of-order event changes nothing). The pay page finds an invoice by its public token before it knows the
 * tenant: the scan role may read the token column (and the tenant id), nothing else.
 */
export const m0006Payments = sqlMigration('0006_payments', [
  `alter table billing.invoices add column amount_paid numeric(15,2) not null default 0 check (amount_paid >= 0)`,
  `create table billing.invoice_payments (
    tenant_id uuid not null,
    payment_id bigint not null,
    invoice_id bigint not null,
    amount numeric(15,2) not null,
    refunded_amount numeric(15,2) not null default 0,
    status text not null,
    updated_at timestamptz not null default now(),
    primary key (tenant_id, payment_id)
  )`,
  `create index invoice_payments_invoice on billing.invoice_payments (tenant_id, invoice_id)`,
  `alter table "billing"."invoice_payments" enable row level security`,
  `alter table "billing"."invoice_payments" force row level security`,
  `create policy tenant_isolation on "billing"."invoice_payments" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'billing_scan') then
        create role "billing_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "billing" to "billing_scan"`,
  `grant select ("tenant_id", "public_token") on "billing"."invoices" to "billing_scan"`,
  `create policy tenant_scan on "billing"."invoices" for select to "billing_scan" using (true)`,
]);
