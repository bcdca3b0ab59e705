import { sqlMigration, tenantRlsSql, tenantScanSql } from '@billpoint/kit';

/**
 * Exchange rates (issue 26). `exchange_rates`: per tenant × day × currency, base-currency units for one unit of the
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
  ...tenantRlsSql('billing', 'exchange_rates'),
  ...tenantScanSql('billing', 'organizations', ['tenant_id', 'default_currency']),
  `create table billing.reference_rates (
    day date not null,
    currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
    per_eur numeric(24,10) not null check (per_eur > 0),
    primary key (day, currency)
  )`,
]);
