import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0002RecordIds = sqlMigration('0002_record_ids', [
  `do $record_ids$
    declare k text := encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'hex');
    begin
      execute format($create$
        create function "integrations".record_id(n bigint) returns bigint
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
  `alter table "integrations"."api_keys" alter column id drop identity`,
  `create sequence "integrations"."api_keys_record_seq" as bigint owned by "integrations"."api_keys".id`,
  `alter table "integrations"."api_keys" alter column id set default "integrations".record_id(nextval('"integrations"."api_keys_record_seq"'))`,
  `alter table "integrations"."api_usage" alter column id drop identity`,
  `create sequence "integrations"."api_usage_record_seq" as bigint owned by "integrations"."api_usage".id`,
  `alter table "integrations"."api_usage" alter column id set default "integrations".record_id(nextval('"integrations"."api_usage_record_seq"'))`,
  `alter table "integrations"."audit_logs" alter column id drop identity`,
  `create sequence "integrations"."audit_logs_record_seq" as bigint owned by "integrations"."audit_logs".id`,
  `alter table "integrations"."audit_logs" alter column id set default "integrations".record_id(nextval('"integrations"."audit_logs_record_seq"'))`,
  `alter table "integrations"."webhooks" alter column id drop identity`,
  `create sequence "integrations"."webhooks_record_seq" as bigint owned by "integrations"."webhooks".id`,
  `alter table "integrations"."webhooks" alter column id set default "integrations".record_id(nextval('"integrations"."webhooks_record_seq"'))`,
  `alter table "integrations"."webhook_deliveries" alter column id drop identity`,
  `create sequence "integrations"."webhook_deliveries_record_seq" as bigint owned by "integrations"."webhook_deliveries".id`,
  `alter table "integrations"."webhook_deliveries" alter column id set default "integrations".record_id(nextval('"integrations"."webhook_deliveries_record_seq"'))`,
]);
