import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The organization's settings as billing uses them (`organization.updated`): the PDF's seller block and the invoice
 * prefix. Numbers are gap-free per prefix: each (tenant, prefix) has its own counter, and `numbering.prefix` is the
 * prefix new invoices take now (changing it back continues the old sequence). The claim function keeps its contract:
 * the tenant's numbering row is still the lock that orders a tenant's creates.
 */
export const m0008OrganizationSettings = sqlMigration('0008_organization_settings', [
  `alter table billing.organizations
     add column company_email text, add column company_website text, add column address text, add column phone text,
     add column billing_email text, add column tax_id text, add column logo_url text, add column version timestamptz`,
  `create table billing.number_sequences (
    tenant_id uuid not null,
    prefix text not null,
    next_seq bigint not null default 1 check (next_seq >= 1),
    primary key (tenant_id, prefix)
  )`,
  `alter table "billing"."number_sequences" enable row level security`,
  `alter table "billing"."number_sequences" force row level security`,
  `create policy tenant_isolation on "billing"."number_sequences" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `insert into billing.number_sequences (tenant_id, prefix, next_seq) select tenant_id, prefix, next_seq from billing.numbering`,
  `create or replace function billing.claim_invoice_number(p_tenant uuid, p_requested text) returns text
  language plpgsql volatile set search_path = pg_catalog, public as $fn$
  declare
    v_prefix text;
    v_seq bigint;
    v_number text;
  begin
    insert into billing.numbering (tenant_id) values (p_tenant) on conflict do nothing;
    select prefix into v_prefix from billing.numbering where tenant_id = p_tenant for update;
    insert into billing.number_sequences (tenant_id, prefix) values (p_tenant, v_prefix) on conflict do nothing;
    select next_seq into v_seq from billing.number_sequences where tenant_id = p_tenant and prefix = v_prefix;
    loop
      v_number := v_prefix || '-' || case when v_seq < 1000 then lpad(v_seq::text, 4, '0') else v_seq::text end;
      exit when not exists (select 1 from billing.invoices where tenant_id = p_tenant and invoice_number = v_number);
      v_seq := v_seq + 1;
    end loop;
    if p_requested is null or p_requested = v_number then
      update billing.number_sequences set next_seq = v_seq + 1 where tenant_id = p_tenant and prefix = v_prefix;
      return v_number;
    end if;
    return p_requested;
  end $fn$`,
]);
