import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Members and invitations. An organization has an owner (an admin no one else can demote or remove; it is
 * handed on, never lost; the key is checked at commit, as a sign-up inserts the organization before its user): the earliest admin of each organization that exists. An invitation keeps only the SHA-256
 * of its token (the e-mail holds the token), is used once (`accepted_at`) and ends at `expires_at`; a revoked one is
 * deleted. One pending invitation per organization and e-mail.
 */
export const m0006Invitations = sqlMigration('0006_invitations', [
  `alter table gateway.organizations add column owner_user_id uuid references gateway.users (id) on delete set null deferrable initially deferred`,
  `update gateway.organizations o set owner_user_id = (
     select m.user_id from gateway.memberships m where m.organization_id = o.id and m.role = 'admin' order by m.created_at, m.id limit 1)`,
  `create table gateway.invitations (
    id uuid primary key,
    organization_id uuid not null references gateway.organizations (id) on delete cascade,
    email text not null,
    role text not null check (role in ('admin', 'manager', 'user')),
    token_hash text not null unique,
    invited_by uuid references gateway.users (id) on delete set null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    accepted_at timestamptz,
    accepted_by uuid references gateway.users (id) on delete set null
  )`,
  `create unique index invitations_pending on gateway.invitations (organization_id, lower(email)) where accepted_at is null`,
  `create index sessions_user_organization on gateway.sessions (user_id, organization_id)`,
]);
