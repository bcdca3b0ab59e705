import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Gap-free numbers for the documents beside invoices (quotes `QUO-0001`, credit notes `CN-0001`), each kind on its
 * own sequence per tenant with its own prefix. Unlike invoices these take no client-chosen numbers, so the rule is
 * simpler: `billing.claim_document_number` locks the tenant's counter row of that kind (creates of one kind allocate
 * one after another), returns the formatted number and moves the counter; a rollback undoes the move, so numbers
 * stay gap-free. Call it in the INSERT that creates the document, the last statement before commit, so the row lock
 * is held only from there to the commit. Invoker's rights: RLS applies.
 *
 * Hand-written SQL: the ORM knows neither row locks held to commit nor functions called inside an INSERT.
 */
export const m0016DocumentSequences = sqlMigration('0016_document_sequences', [
  `create table billing.document_sequences (
    tenant_id uuid not null,
    kind text not null check (kind in ('quote', 'credit_note')),
    prefix text not null check (prefix ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$'),
    next_seq bigint not null default 1 check (next_seq >= 1),
    primary key (tenant_id, kind)
  )`,
  `alter table "billing"."document_sequences" enable row level security`,
  `alter table "billing"."document_sequences" force row level security`,
  `create policy tenant_isolation on "billing"."document_sequences" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create function billing.claim_document_number(p_tenant uuid, p_kind text, p_default_prefix text) returns text
  language plpgsql volatile set search_path = pg_catalog, public as $fn$
  declare
    v_prefix text;
    v_seq bigint;
  begin
    insert into billing.document_sequences (tenant_id, kind, prefix) values (p_tenant, p_kind, p_default_prefix)
      on conflict do nothing;
    update billing.document_sequences set next_seq = next_seq + 1 where tenant_id = p_tenant and kind = p_kind
      returning prefix, next_seq - 1 into v_prefix, v_seq;
    return v_prefix || '-' || case when v_seq < 1000 then lpad(v_seq::text, 4, '0') else v_seq::text end;
  end $fn$`,
]);
