import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Exchange rates. `exchange_rates`: per tenant × day × currency, base-currency units for one unit of the
 * currency, in the tenant's base currency (its default currency, now kept on billing's copy of the organization).
 * `source` says whether the daily job set it from the reference rates ('ecb') or a member typed it ('manual'); the job
 * never overwrites a manual rate. When the base currency changes, the rates (and every invoice's rate and base figure)
 * are restated in the new base in the same transaction (exchange-rate.rebase.ts).
 * The scan role may list the organizations (tenant id and base currency) for the daily job.
 * `reference_rates`: the provider's newest documents as fetched (units per 1 EUR): public data, the same for every
 * tenant (no tenant_id), so an organization created or rebased between two runs takes the latest day at once.
 */
export const m0021ExchangeRates = sqlMigration('0021_exchange_rates', [
  `alter table billing.organizations add column default_currency char(3)`,
  `create table billing.exchange_rates (
    tenant_id uuid not null,
    day date not null,
    currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
    rate numeric(24,10) not null check (rate > 0),
    source text not null check (source in ('ecb', 'manual')),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, currency, day)
  )`,
  `alter table "billing"."exchange_rates" enable row level security`,
  `alter table "billing"."exchange_rates" force row level security`,
  `create policy tenant_isolation on "billing"."exchange_rates" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'billing_scan') then
        create role "billing_scan" nologin nosuperuser nobypassrls noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
  `grant usage on schema "billing" to "billing_scan"`,
  `grant select ("tenant_id", "default_currency") on "billing"."organizations" to "billing_scan"`,
  `create policy tenant_scan on "billing"."organizations" for select to "billing_scan" using (true)`,
  `create table billing.reference_rates (
    day date not null,
    currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
    per_eur numeric(24,10) not null check (per_eur > 0),
    primary key (day, currency)
  )`,
]);
