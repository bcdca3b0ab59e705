import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The customer portal and white-label.
 * - Each organization's portal address (`portal_slug`, unique; made from its name the first time its settings are
 *   read when it has none yet), white-label as saved (`is_white_label`; it takes effect on the Enterprise plan only),
 *   and its custom domain's proof: the token to publish as TXT `_billpoint.{domain}`, when it was verified and when it
 *   was last checked. A verified domain belongs to one organization only.
 * - Sign-in links and portal sessions. Like `gateway.sessions` and `gateway.invitations` these are identity tables,
 *   looked up by the SHA-256 of a secret before any tenant is known: they name their tenant `organization_id` and
 *   carry no RLS policy (0001); only the gateway's own role reaches them.
 */
export const m0011Portal = sqlMigration('0011_portal', [
  `alter table gateway.organizations add column portal_slug text`,
  `create unique index organizations_portal_slug on gateway.organizations (portal_slug) where portal_slug is not null`,
  `alter table gateway.organization_settings
     add column is_white_label boolean not null default false,
     add column custom_domain_token text,
     add column custom_domain_verified_at timestamptz,
     add column custom_domain_checked_at timestamptz`,
  `create unique index organization_settings_verified_domain on gateway.organization_settings (lower(custom_domain))
     where custom_domain_verified_at is not null`,
  `create index organization_settings_domain_unverified on gateway.organization_settings (custom_domain_checked_at)
     where custom_domain is not null and custom_domain_verified_at is null`,
  `create table gateway.portal_sign_in_tokens (
    token_hash text primary key,
    organization_id uuid not null references gateway.organizations (id) on delete cascade,
    customer_id bigint not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create index portal_sign_in_tokens_expires on gateway.portal_sign_in_tokens (expires_at)`,
  `create table gateway.portal_sessions (
    id_hash text primary key,
    organization_id uuid not null references gateway.organizations (id) on delete cascade,
    customer_id bigint not null,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  `create index portal_sessions_expires on gateway.portal_sessions (expires_at)`,
]);
