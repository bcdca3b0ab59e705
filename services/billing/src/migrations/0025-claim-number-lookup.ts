import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The claim function's "is this number taken?" check is planned for each call (EXECUTE) instead of once per
 * connection. Its cached generic plan was made while the table was new and nearly empty, where the tenant-and-currency
 * index costs the same as the (tenant, number) unique one; the planner took the former and kept it, so each check
 * walked every invoice of the tenant (0.45 ms per creation after 3,000 invoices, growing with each one: the create
 * bench's busiest statement). Planned with its values, the unique index's one row wins whatever the statistics say.
 * Same contract as 0008: the numbering row is the lock that orders a tenant's creates; numbers stay gap-free per prefix.
 */
export const m0025ClaimNumberLookup = sqlMigration('0025_claim_number_lookup', [
  `create or replace function billing.claim_invoice_number(p_tenant uuid, p_requested text) returns text
  language plpgsql volatile set search_path = pg_catalog, public as $fn$
  declare
    v_prefix text;
    v_seq bigint;
    v_number text;
    v_taken boolean;
  begin
    insert into billing.numbering (tenant_id) values (p_tenant) on conflict do nothing;
    select prefix into v_prefix from billing.numbering where tenant_id = p_tenant for update;
    insert into billing.number_sequences (tenant_id, prefix) values (p_tenant, v_prefix) on conflict do nothing;
    select next_seq into v_seq from billing.number_sequences where tenant_id = p_tenant and prefix = v_prefix;
    loop
      v_number := v_prefix || '-' || case when v_seq < 1000 then lpad(v_seq::text, 4, '0') else v_seq::text end;
      execute 'select exists (select 1 from billing.invoices where tenant_id = $1 and invoice_number = $2)'
        into v_taken using p_tenant, v_number;
      exit when not v_taken;
      v_seq := v_seq + 1;
    end loop;
    if p_requested is null or p_requested = v_number then
      update billing.number_sequences set next_seq = v_seq + 1 where tenant_id = p_tenant and prefix = v_prefix;
      return v_number;
    end if;
    return p_requested;
  end $fn$`,
]);
