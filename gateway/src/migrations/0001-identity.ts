import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Identity lives in the gateway's schema. These tables are the root of tenancy (there is no tenant before
 * sign-in), so they carry no RLS policy; only the gateway's own role can reach them.
 */
export const m0001Identity = sqlMigration('0001_identity', [
  `create table gateway.organizations (
    id uuid primary key,
    name text not null,
    created_at timestamptz not null default now()
  )`,
  `create table gateway.users (
    id uuid primary key,
    email text not null,
    password_hash text,
    first_name text,
    last_name text,
    profile_image_url text,
    oidc_subject text,
    created_at timestamptz not null default now()
  )`,
  `create unique index users_email on gateway.users (lower(email))`,
  `create unique index users_oidc_subject on gateway.users (oidc_subject) where oidc_subject is not null`,
  `create table gateway.memberships (
    id uuid primary key,
    user_id uuid not null references gateway.users (id) on delete cascade,
    organization_id uuid not null references gateway.organizations (id) on delete cascade,
    role text not null check (role in ('admin', 'manager', 'user')),
    created_at timestamptz not null default now(),
    unique (user_id, organization_id)
  )`,
  `create table gateway.sessions (
    id_hash text primary key,
    user_id uuid not null references gateway.users (id) on delete cascade,
    organization_id uuid not null references gateway.organizations (id) on delete cascade,
    role text not null,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now()
  )`,
  `create index sessions_user on gateway.sessions (user_id)`,
  `create table gateway.login_failures (
    email text not null,
    failed_at timestamptz not null default now()
  )`,
  `create index login_failures_email on gateway.login_failures (email, failed_at)`,
]);
