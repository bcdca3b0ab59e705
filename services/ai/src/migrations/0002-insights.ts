import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * AI insights: small read models of the facts the rules read (invoices, schedules, expenses; fed by billing's and
 * tax's events), the stored insights per tenant and one row per tenant with its last generation and narrative.
 */
export const m0002Insights = sqlMigration('0002_insights', [
  `create table ai.invoice_facts (
    tenant_id uuid not null,
    id bigint not null,
    customer_id bigint,
    customer_name text,
    status text,
    currency text,
    total numeric(15,2),
    balance_due numeric(15,2),
    tax_amount numeric(15,2),
    issue_date date,
    due_date date,
    paid_at timestamptz,
    version timestamptz,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."invoice_facts" enable row level security`,
  `alter table "ai"."invoice_facts" force row level security`,
  `create policy tenant_isolation on "ai"."invoice_facts" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create index invoice_facts_status on ai.invoice_facts (tenant_id, status)`,
  // The rules' reads: paid invoices by payment time (trend, dependency) and by customer (days to payment).
  `create index invoice_facts_paid on ai.invoice_facts (tenant_id, paid_at) include (currency, total, customer_id) where status = 'paid' and not deleted`,
  `create index invoice_facts_customer_paid on ai.invoice_facts (tenant_id, customer_id, paid_at) where status = 'paid' and not deleted`,

  // A cancelled schedule is deleted at billing; here it stays, with the time it was cancelled (churn).
  `create table ai.schedule_facts (
    tenant_id uuid not null,
    id bigint not null,
    customer_id bigint,
    customer_name text,
    is_active boolean,
    frequency text,
    next_invoice_date date,
    currency text,
    total numeric(15,2),
    cancelled_at timestamptz,
    version timestamptz,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."schedule_facts" enable row level security`,
  `alter table "ai"."schedule_facts" force row level security`,
  `create policy tenant_isolation on "ai"."schedule_facts" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,

  `create table ai.expense_facts (
    tenant_id uuid not null,
    id bigint not null,
    category_id bigint,
    amount numeric(15,2),
    currency text,
    date date,
    version timestamptz,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."expense_facts" enable row level security`,
  `alter table "ai"."expense_facts" force row level security`,
  `create policy tenant_isolation on "ai"."expense_facts" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,

  `create table ai.insight_runs (
    tenant_id uuid primary key,
    generated_at timestamptz,
    summary text,
    summary_source text check (summary_source in ('template', 'openai'))
  )`,
  `alter table "ai"."insight_runs" enable row level security`,
  `alter table "ai"."insight_runs" force row level security`,
  `create policy tenant_isolation on "ai"."insight_runs" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  // The daily job lists the tenants that have facts (ids only) through the scan role.
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'ai_scan') then
        create role "ai_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "ai" to "ai_scan"`,
  `grant select ("tenant_id") on "ai"."insight_runs" to "ai_scan"`,
  `create policy tenant_scan on "ai"."insight_runs" for select to "ai_scan" using (true)`,

  `create table ai.insights (
    tenant_id uuid not null,
    id bigint generated always as identity,
    rule text not null,
    type text not null check (type in ('trend', 'pattern', 'opportunity', 'warning', 'recommendation')),
    title text not null,
    description text not null,
    impact text not null check (impact in ('high', 'medium', 'low')),
    category text not null check (category in ('revenue', 'expenses', 'customers', 'cash_flow', 'growth')),
    priority smallint not null check (priority between 0 and 10),
    confidence smallint not null check (confidence between 0 and 100),
    timeframe text not null,
    estimated_amount numeric(15,2),
    estimated_currency text,
    recommendation text not null,
    actionable boolean not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."insights" enable row level security`,
  `alter table "ai"."insights" force row level security`,
  `create policy tenant_isolation on "ai"."insights" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create index insights_priority on ai.insights (tenant_id, priority desc, id)`,
]);
