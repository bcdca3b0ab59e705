import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Plans (global reference data, seeded with the plans' published values) and each tenant's own subscription and usage.
 * `yearly_price` is the price of a whole year: $20/month billed yearly is 240.00 (the card shows $20/month and
 * "$240 billed yearly"). Stripe price ids are null here; STRIPE_PRICE_<PLAN>_<CYCLE> sets them per deployment.
 */
export const m0002Plans = sqlMigration('0002_plans', [
  `create table payments.plans (
    id integer primary key,
    name text not null unique check (name in ('starter', 'professional', 'enterprise')),
    display_name text not null,
    description text not null,
    monthly_price numeric(15,2) not null check (monthly_price >= 0),
    yearly_price numeric(15,2) not null check (yearly_price >= 0),
    stripe_price_id_monthly text,
    stripe_price_id_yearly text,
    max_invoices integer check (max_invoices >= 0),
    max_customers integer check (max_customers >= 0),
    max_products integer check (max_products >= 0),
    max_api_keys integer check (max_api_keys >= 0),
    max_webhooks integer check (max_webhooks >= 0),
    has_ai_analytics boolean not null default false,
    has_multi_currency boolean not null default false,
    has_advanced_reporting boolean not null default false,
    has_custom_branding boolean not null default false,
    has_priority_support boolean not null default false,
    has_api_access boolean not null default false,
    features jsonb not null default '[]'::jsonb,
    is_active boolean not null default true,
    sort_order integer not null
  )`,
  `insert into payments.plans (id, name, display_name, description, monthly_price, yearly_price,
     max_invoices, max_customers, max_products, max_api_keys, max_webhooks,
     has_ai_analytics, has_multi_currency, has_advanced_reporting, has_custom_branding, has_priority_support, has_api_access,
     features, sort_order) values
   (1, 'starter', 'Starter', 'For freelancers getting started', 29.00, 240.00, 50, 5, 10, 1, 2,
     false, false, false, false, false, false,
     '["Up to 50 invoices per month", "Up to 5 customers", "Up to 10 products", "1 API key", "2 webhooks", "Email support"]', 1),
   (2, 'professional', 'Professional', 'For growing businesses', 69.00, 588.00, null, null, 100, 5, 10,
     true, true, true, true, true, true,
     '["Unlimited invoices", "Unlimited customers", "Up to 100 products", "5 API keys", "10 webhooks", "Priority support"]', 2),
   (3, 'enterprise', 'Enterprise', 'For large organizations', 199.00, 1788.00, null, null, null, null, null,
     true, true, true, true, true, true,
     '["Unlimited invoices", "Unlimited customers", "Unlimited products", "Unlimited API keys", "Unlimited webhooks", "Dedicated account manager"]', 3)`,

  // One row per tenant, made at its organization's creation (or first sighting). While `status` is trialing and no
  // Stripe subscription exists, `plan` is the trial's plan until trial_ends_at, then the fallback plan applies.
  `create table payments.tenant_subscriptions (
    tenant_id uuid primary key,
    plan text not null check (plan in ('starter', 'professional', 'enterprise')),
    status text not null check (status in ('active', 'inactive', 'cancelled', 'past_due', 'trialing')),
    billing_cycle text not null default 'monthly' check (billing_cycle in ('monthly', 'yearly')),
    trial_ends_at timestamptz,
    stripe_customer_id text unique,
    stripe_subscription_id text unique,
    current_period_end timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `alter table "payments"."tenant_subscriptions" enable row level security`,
  `alter table "payments"."tenant_subscriptions" force row level security`,
  `create policy tenant_isolation on "payments"."tenant_subscriptions" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  // Stripe's subscription webhooks name a customer, not a tenant: the scan role finds the tenant of a customer id.
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'payments_scan') then
        create role "payments_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "payments" to "payments_scan"`,
  `grant select ("tenant_id", "stripe_customer_id") on "payments"."tenant_subscriptions" to "payments_scan"`,
  `create policy tenant_scan on "payments"."tenant_subscriptions" for select to "payments_scan" using (true)`,

  // Counts of what the limits bound, kept from the creating services' events (invoices: this calendar month, UTC).
  `create table payments.subscription_usage (
    tenant_id uuid primary key,
    invoice_count integer not null default 0 check (invoice_count >= 0),
    customer_count integer not null default 0 check (customer_count >= 0),
    product_count integer not null default 0 check (product_count >= 0),
    api_key_count integer not null default 0 check (api_key_count >= 0),
    webhook_count integer not null default 0 check (webhook_count >= 0),
    current_period_start date not null,
    current_period_end date not null,
    last_reset_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `alter table "payments"."subscription_usage" enable row level security`,
  `alter table "payments"."subscription_usage" force row level security`,
  `create policy tenant_isolation on "payments"."subscription_usage" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
