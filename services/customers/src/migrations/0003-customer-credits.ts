import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Customers' credit, per customer and currency, as billing last announced it (`customer_credit.changed`):
 * the balance with the `seq` it came with — a change is kept only when its seq is higher than the one stored, so a
 * redelivered or late event never rolls a balance back. Billing owns the credit's ledger; this is its read model.
 */
export const m0003CustomerCredits = sqlMigration('0003_customer_credits', [
  `create table customers.customer_credits (
    tenant_id uuid not null,
    customer_id bigint not null,
    currency char(3) not null,
    balance numeric(15,2) not null,
    seq bigint not null,
    updated_at timestamptz not null default now(),
    primary key (tenant_id, customer_id, currency)
  )`,
  `alter table "customers"."customer_credits" enable row level security`,
  `alter table "customers"."customer_credits" force row level security`,
  `create policy tenant_isolation on "customers"."customer_credits" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
