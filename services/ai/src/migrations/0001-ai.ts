import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Expense categorization: the read model of the tax service's expense categories, the training rows (one per
 * expense, in expense_category_training) and the counts the local model scores with, kept by the expense
 * consumer in the event's transaction so every replica sees a change at once.
 */
export const m0001Ai = sqlMigration('0001_ai', [
  // The tenant's categories (kit readModel: versioned upsert, a delete is final).
  `create table ai.expense_categories (
    tenant_id uuid not null,
    id bigint not null,
    name text,
    keywords jsonb not null default '[]'::jsonb,
    is_active boolean not null default true,
    version timestamptz,
    deleted boolean not null default false,
    primary key (tenant_id, id)
  )`,
  `alter table "ai"."expense_categories" enable row level security`,
  `alter table "ai"."expense_categories" force row level security`,
  `create policy tenant_isolation on "ai"."expense_categories" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  // Tenants whose whole category list was read from the tax service once; events keep it current after that.
  `create table ai.category_fills (
    tenant_id uuid primary key,
    filled_at timestamptz not null default now()
  )`,
  `alter table "ai"."category_fills" enable row level security`,
  `alter table "ai"."category_fills" force row level security`,
  `create policy tenant_isolation on "ai"."category_fills" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,

  `create table ai.expense_category_training (
    tenant_id uuid not null,
    expense_id bigint not null,
    description text,
    amount numeric(15,2),
    vendor text,
    category_id bigint,
    features jsonb not null default '{}'::jsonb,
    is_validated boolean not null default false,
    confidence_score numeric(5,4),
    training_source text check (training_source in ('user_input', 'auto_categorization', 'manual_correction')),
    weight numeric(6,3) not null default 0,
    version timestamptz not null,
    deleted boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, expense_id)
  )`,
  `alter table "ai"."expense_category_training" enable row level security`,
  `alter table "ai"."expense_category_training" force row level security`,
  `create policy tenant_isolation on "ai"."expense_category_training" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,

  // The model: weighted counts per (token, category), per category, and per (vendor, category).
  `create table ai.token_counts (
    tenant_id uuid not null,
    token text not null,
    category_id bigint not null,
    weight numeric(14,3) not null,
    primary key (tenant_id, token, category_id)
  )`,
  `alter table "ai"."token_counts" enable row level security`,
  `alter table "ai"."token_counts" force row level security`,
  `create policy tenant_isolation on "ai"."token_counts" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create table ai.category_totals (
    tenant_id uuid not null,
    category_id bigint not null,
    docs numeric(14,3) not null,
    tokens numeric(14,3) not null,
    primary key (tenant_id, category_id)
  )`,
  `alter table "ai"."category_totals" enable row level security`,
  `alter table "ai"."category_totals" force row level security`,
  `create policy tenant_isolation on "ai"."category_totals" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create table ai.vendor_counts (
    tenant_id uuid not null,
    vendor_key text not null,
    category_id bigint not null,
    weight numeric(14,3) not null,
    n integer not null,
    primary key (tenant_id, vendor_key, category_id)
  )`,
  `alter table "ai"."vendor_counts" enable row level security`,
  `alter table "ai"."vendor_counts" force row level security`,
  `create policy tenant_isolation on "ai"."vendor_counts" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
