import { sqlMigration, tenantRlsSql } from '@billpoint/kit';
import { TrainingSources } from '@billpoint/proto';

const sources = TrainingSources.map((s) => `'${s}'`).join(', ');

/**
 * Expense categorization: the read model of the tax service's expense categories, the training rows (one per
 * expense, areas §3 expense_category_training) and the counts the local model scores with, kept by the expense
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
  ...tenantRlsSql('ai', 'expense_categories'),
  // Tenants whose whole category list was read from the tax service once; events keep it current after that.
  `create table ai.category_fills (
    tenant_id uuid primary key,
    filled_at timestamptz not null default now()
  )`,
  ...tenantRlsSql('ai', 'category_fills'),

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
    training_source text check (training_source in (${sources})),
    weight numeric(6,3) not null default 0,
    version timestamptz not null,
    deleted boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, expense_id)
  )`,
  ...tenantRlsSql('ai', 'expense_category_training'),

  // The model: weighted counts per (token, category), per category, and per (vendor, category).
  `create table ai.token_counts (
    tenant_id uuid not null,
    token text not null,
    category_id bigint not null,
    weight numeric(14,3) not null,
    primary key (tenant_id, token, category_id)
  )`,
  ...tenantRlsSql('ai', 'token_counts'),
  `create table ai.category_totals (
    tenant_id uuid not null,
    category_id bigint not null,
    docs numeric(14,3) not null,
    tokens numeric(14,3) not null,
    primary key (tenant_id, category_id)
  )`,
  ...tenantRlsSql('ai', 'category_totals'),
  `create table ai.vendor_counts (
    tenant_id uuid not null,
    vendor_key text not null,
    category_id bigint not null,
    weight numeric(14,3) not null,
    n integer not null,
    primary key (tenant_id, vendor_key, category_id)
  )`,
  ...tenantRlsSql('ai', 'vendor_counts'),
]);
