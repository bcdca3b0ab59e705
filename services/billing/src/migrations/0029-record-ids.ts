import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0029RecordIds = sqlMigration('0029_record_ids', [
  `do $record_ids$
    declare k text := encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'hex');
    begin
      execute format($create$
        create function "billing".record_id(n bigint) returns bigint
        language plpgsql immutable strict parallel safe as $body$
        declare
          k constant bytea := decode(%L, 'hex');
          l bigint := (n >> 26) & 67108863;
          r bigint := n & 67108863;
          t bigint;
        begin
          if n < 0 or n >= 4503599627370496 then
            raise exception 'record id %% is outside the 52 bits the permutation covers', n;
          end if;
          for i in 0..3 loop
            t := r;
            r := l # (('x' || encode(substring(sha256(k || int8send((i::bigint << 32) | r)) from 1 for 4), 'hex'))::bit(32)::bigint & 67108863);
            l := t;
          end loop;
          return 4503599627370496 + ((l << 26) | r);
        end $body$
      $create$, k);
    end $record_ids$`,
  `alter table "billing"."invoices" alter column id drop identity`,
  `create sequence "billing"."invoices_record_seq" as bigint owned by "billing"."invoices".id`,
  `alter table "billing"."invoices" alter column id set default "billing".record_id(nextval('"billing"."invoices_record_seq"'))`,
  `alter table "billing"."invoice_items" alter column id drop identity`,
  `create sequence "billing"."invoice_items_record_seq" as bigint owned by "billing"."invoice_items".id`,
  `alter table "billing"."invoice_items" alter column id set default "billing".record_id(nextval('"billing"."invoice_items_record_seq"'))`,
  `alter table "billing"."quotes" alter column id drop identity`,
  `create sequence "billing"."quotes_record_seq" as bigint owned by "billing"."quotes".id`,
  `alter table "billing"."quotes" alter column id set default "billing".record_id(nextval('"billing"."quotes_record_seq"'))`,
  `alter table "billing"."quote_items" alter column id drop identity`,
  `create sequence "billing"."quote_items_record_seq" as bigint owned by "billing"."quote_items".id`,
  `alter table "billing"."quote_items" alter column id set default "billing".record_id(nextval('"billing"."quote_items_record_seq"'))`,
  `alter table "billing"."credit_notes" alter column id drop identity`,
  `create sequence "billing"."credit_notes_record_seq" as bigint owned by "billing"."credit_notes".id`,
  `alter table "billing"."credit_notes" alter column id set default "billing".record_id(nextval('"billing"."credit_notes_record_seq"'))`,
  `alter table "billing"."credit_note_items" alter column id drop identity`,
  `create sequence "billing"."credit_note_items_record_seq" as bigint owned by "billing"."credit_note_items".id`,
  `alter table "billing"."credit_note_items" alter column id set default "billing".record_id(nextval('"billing"."credit_note_items_record_seq"'))`,
  `alter table "billing"."customer_credits" alter column id drop identity`,
  `create sequence "billing"."customer_credits_record_seq" as bigint owned by "billing"."customer_credits".id`,
  `alter table "billing"."customer_credits" alter column id set default "billing".record_id(nextval('"billing"."customer_credits_record_seq"'))`,
  `alter table "billing"."deliveries" alter column id drop identity`,
  `create sequence "billing"."deliveries_record_seq" as bigint owned by "billing"."deliveries".id`,
  `alter table "billing"."deliveries" alter column id set default "billing".record_id(nextval('"billing"."deliveries_record_seq"'))`,
  `alter table "billing"."invoice_templates" alter column id drop identity`,
  `create sequence "billing"."invoice_templates_record_seq" as bigint owned by "billing"."invoice_templates".id`,
  `alter table "billing"."invoice_templates" alter column id set default "billing".record_id(nextval('"billing"."invoice_templates_record_seq"'))`,
  `alter table "billing"."recurring_invoices" alter column id drop identity`,
  `create sequence "billing"."recurring_invoices_record_seq" as bigint owned by "billing"."recurring_invoices".id`,
  `alter table "billing"."recurring_invoices" alter column id set default "billing".record_id(nextval('"billing"."recurring_invoices_record_seq"'))`,
  `alter table "billing"."recurring_items" alter column id drop identity`,
  `create sequence "billing"."recurring_items_record_seq" as bigint owned by "billing"."recurring_items".id`,
  `alter table "billing"."recurring_items" alter column id set default "billing".record_id(nextval('"billing"."recurring_items_record_seq"'))`,
  // Lists of credit notes come newest first by creation now that ids carry no order.
  `create index credit_notes_tenant_created on billing.credit_notes (tenant_id, created_at desc, id desc)`,
]);
