import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The organization read model learns the portal address, white-label and the verified custom domain
 * (from `organization.updated`), plus its default language (the e-mails' language when an invoice names none), and the
 * organization's own versions of the customer e-mails (`billing.email_templates`, one per type and language).
 */
export const m0023EmailTemplatesWhiteLabel = sqlMigration('0023_email_templates_white_label', [
  `alter table billing.organizations
     add column portal_slug text, add column is_white_label boolean not null default false,
     add column custom_domain text, add column custom_domain_verified boolean not null default false,
     add column default_language text`,
  `create table billing.email_templates (
    tenant_id uuid not null,
    type text not null check (type in ('invoice', 'reminder', 'payment_received', 'welcome', 'custom')),
    language text not null,
    subject text not null,
    html_content text not null,
    text_content text not null,
    updated_at timestamptz not null default now(),
    primary key (tenant_id, type, language)
  )`,
  `alter table "billing"."email_templates" enable row level security`,
  `alter table "billing"."email_templates" force row level security`,
  `create policy tenant_isolation on "billing"."email_templates" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
