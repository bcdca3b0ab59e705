import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0008RecordIds = sqlMigration('0008_record_ids', [
  `do $record_ids$
    declare k text := encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'hex');
    begin
      execute format($create$
        create function "payments".record_id(n bigint) returns bigint
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
  `alter table "payments"."payments" alter column id drop identity`,
  `create sequence "payments"."payments_record_seq" as bigint owned by "payments"."payments".id`,
  `alter table "payments"."payments" alter column id set default "payments".record_id(nextval('"payments"."payments_record_seq"'))`,
  // Lists of payments come newest first by creation now that ids carry no order.
  `create index payments_tenant_created on payments.payments (tenant_id, created_at desc, id desc)`,
]);
