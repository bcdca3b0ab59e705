import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0005RecordIds = sqlMigration('0005_record_ids', [
  `do $record_ids$
    declare k text := encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'hex');
    begin
      execute format($create$
        create function "tax".record_id(n bigint) returns bigint
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
  `alter table "tax"."tax_rates" alter column id drop identity`,
  `create sequence "tax"."tax_rates_record_seq" as bigint owned by "tax"."tax_rates".id`,
  `alter table "tax"."tax_rates" alter column id set default "tax".record_id(nextval('"tax"."tax_rates_record_seq"'))`,
  `alter table "tax"."expense_categories" alter column id drop identity`,
  `create sequence "tax"."expense_categories_record_seq" as bigint owned by "tax"."expense_categories".id`,
  `alter table "tax"."expense_categories" alter column id set default "tax".record_id(nextval('"tax"."expense_categories_record_seq"'))`,
  `alter table "tax"."expenses" alter column id drop identity`,
  `create sequence "tax"."expenses_record_seq" as bigint owned by "tax"."expenses".id`,
  `alter table "tax"."expenses" alter column id set default "tax".record_id(nextval('"tax"."expenses_record_seq"'))`,
  `alter table "tax"."chart_of_accounts" alter column id drop identity`,
  `create sequence "tax"."chart_of_accounts_record_seq" as bigint owned by "tax"."chart_of_accounts".id`,
  `alter table "tax"."chart_of_accounts" alter column id set default "tax".record_id(nextval('"tax"."chart_of_accounts_record_seq"'))`,
  `alter table "tax"."journal_entries" alter column id drop identity`,
  `create sequence "tax"."journal_entries_record_seq" as bigint owned by "tax"."journal_entries".id`,
  `alter table "tax"."journal_entries" alter column id set default "tax".record_id(nextval('"tax"."journal_entries_record_seq"'))`,
  `alter table "tax"."journal_entry_lines" alter column id drop identity`,
  `create sequence "tax"."journal_entry_lines_record_seq" as bigint owned by "tax"."journal_entry_lines".id`,
  `alter table "tax"."journal_entry_lines" alter column id set default "tax".record_id(nextval('"tax"."journal_entry_lines_record_seq"'))`,
  `alter table "tax"."financial_reports" alter column id drop identity`,
  `create sequence "tax"."financial_reports_record_seq" as bigint owned by "tax"."financial_reports".id`,
  `alter table "tax"."financial_reports" alter column id set default "tax".record_id(nextval('"tax"."financial_reports_record_seq"'))`,
]);
