import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * AI invoice drafts: read models of the tenant's customers, products, tax rates and invoices' lines, fed
 * by their services' events (kit readModel: versioned upserts, a delete is final), searched by trigram similarity of
 * `match_key` (the name without legal suffixes, lower case). The organization's time zone and currency resolve
 * "due in 14 days" and a sentence without a currency.
 */
export const m0004InvoiceDrafts = sqlMigration('0004_invoice_drafts', [
  `create extension if not exists pg_trgm with schema public`,
  `create table ai.draft_customers (
    tenant_id uuid not null,
    id bigint not null,
    name text,
    company text,
    email text,
    match_key text,
    currency text,
    payment_terms integer,
    is_active boolean,
    version timestamptz,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."draft_customers" enable row level security`,
  `alter table "ai"."draft_customers" force row level security`,
  `create policy tenant_isolation on "ai"."draft_customers" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create index draft_customers_key on ai.draft_customers using gin (match_key public.gin_trgm_ops)`,
  `create table ai.draft_products (
    tenant_id uuid not null,
    id bigint not null,
    name text,
    sku text,
    match_key text,
    price numeric(15,2),
    currency text,
    tax_rate numeric(6,3),
    is_active boolean,
    version timestamptz,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."draft_products" enable row level security`,
  `alter table "ai"."draft_products" force row level security`,
  `create policy tenant_isolation on "ai"."draft_products" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create index draft_products_key on ai.draft_products using gin (match_key public.gin_trgm_ops)`,
  `create table ai.draft_tax_rates (
    tenant_id uuid not null,
    id bigint not null,
    name text,
    rate numeric(6,3),
    is_active boolean,
    version timestamptz,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."draft_tax_rates" enable row level security`,
  `alter table "ai"."draft_tax_rates" force row level security`,
  `create policy tenant_isolation on "ai"."draft_tax_rates" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  // Lines are absent on some events (a bulk status change): the upsert keeps the lines it had then.
  `create table ai.draft_invoices (
    tenant_id uuid not null,
    id bigint not null,
    customer_id bigint,
    status text,
    currency text,
    issue_date date,
    lines jsonb,
    version timestamptz,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."draft_invoices" enable row level security`,
  `alter table "ai"."draft_invoices" force row level security`,
  `create policy tenant_isolation on "ai"."draft_invoices" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create index draft_invoices_customer on ai.draft_invoices (tenant_id, customer_id, issue_date desc, id desc) where not deleted`,
  `alter table ai.organization_facts add column timezone text, add column default_currency text`,
]);
