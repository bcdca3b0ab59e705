import { sqlMigration } from '@billpoint/kit/migrations';

/** The organization's settings, one row per organization (defaults until it is saved). */
export const m0002OrganizationSettings = sqlMigration('0002_organization_settings', [
  `create table gateway.organization_settings (
    organization_id uuid primary key references gateway.organizations (id) on delete cascade,
    company_name text not null,
    company_email text,
    company_website text,
    default_currency char(3) not null default 'USD',
    default_language text not null default 'en',
    timezone text not null default 'UTC',
    custom_domain text,
    invoice_prefix text not null default 'INV',
    billing_address jsonb not null default '{}'::jsonb,
    logo_url text,
    updated_at timestamptz not null default now()
  )`,
]);
