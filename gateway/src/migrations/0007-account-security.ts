import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Account security: where a session was started from (the Sessions list), password reset tokens, two-factor
 * sign-in (the secret encrypted, the recovery codes hashed) and the organization's "require two-factor" rule.
 */
export const m0007AccountSecurity = sqlMigration('0007_account_security', [
  // A public id for the Sessions list (the primary key is the hash of the cookie and never leaves the gateway).
  `alter table gateway.sessions
    add column id uuid not null default gen_random_uuid(),
    add column ip text,
    add column user_agent text`,
  `create unique index sessions_id on gateway.sessions (id)`,
  // Only the SHA-256 of a reset token is kept; a token is used once and lives an hour.
  `create table gateway.password_resets (
    token_hash text primary key,
    user_id uuid not null references gateway.users (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create index password_resets_user on gateway.password_resets (user_id, created_at)`,
  // two_factor_secret is set only once enabled; a pending secret (set up, not yet confirmed with a code) signs nothing
  // in. Both are AES-256-GCM encrypted. two_factor_last_step is the time step of the last code accepted (no replay).
  `alter table gateway.users
    add column two_factor_secret text,
    add column two_factor_pending_secret text,
    add column two_factor_enabled_at timestamptz,
    add column two_factor_last_step bigint`,
  `create table gateway.recovery_codes (
    user_id uuid not null references gateway.users (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    primary key (user_id, code_hash)
  )`,
  `alter table gateway.organizations add column require_two_factor boolean not null default false`,
]);
