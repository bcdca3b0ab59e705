import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The numbering step of an invoice create as one function, so that a create can allocate its number inside its
 * single INSERT statement — the last statement before commit — and hold the tenant's counter row lock only from
 * there to the commit, instead of for the whole transaction. Same rules as before: the counter row is locked
 * (creates of a tenant allocate one after another), the first sequence number whose formatted number no invoice
 * has is the next one; no number or that very number takes it and moves the counter past it; any other number is
 * the client's own and leaves the counter as it is (the unique constraint answers a duplicate). A rollback undoes
 * the counter move: numbers stay gap-free. Each statement inside sees what committed while it waited for the lock
 * (READ COMMITTED, a fresh snapshot per statement of a volatile function). Invoker's rights: RLS applies.
 */
export const m0004ClaimInvoiceNumber = sqlMigration('0004_claim_invoice_number', [
  `create function billing.claim_invoice_number(p_tenant uuid, p_requested text) returns text
  language plpgsql volatile set search_path = pg_catalog, public as $fn$
  declare
    v_prefix text;
    v_seq bigint;
    v_number text;
  begin
    insert into billing.numbering (tenant_id) values (p_tenant) on conflict do nothing;
    select prefix, next_seq into v_prefix, v_seq from billing.numbering where tenant_id = p_tenant for update;
    loop
      v_number := v_prefix || '-' || case when v_seq < 1000 then lpad(v_seq::text, 4, '0') else v_seq::text end;
      exit when not exists (select 1 from billing.invoices where tenant_id = p_tenant and invoice_number = v_number);
      v_seq := v_seq + 1;
    end loop;
    if p_requested is null or p_requested = v_number then
      update billing.numbering set next_seq = v_seq + 1 where tenant_id = p_tenant;
      return v_number;
    end if;
    return p_requested;
  end $fn$`,
]);
