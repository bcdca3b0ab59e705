import { ident } from './db.ts';

/**
 * Record ids that tell nothing about other organizations. A plain sequence is shared by every tenant of a table,
 * so the gap between two of one's own ids counts everybody else's records. Here the sequence still numbers the
 * rows (so ids never collide), but what is stored and shown is that number passed through a keyed permutation:
 * a four-round Feistel network on 52 bits whose round function is SHA-256 over a key drawn when the migration
 * runs. The result is offset by 2^52, so every new id lies in [2^52, 2^53): above any id issued before, and still
 * an exact JavaScript number. Without the key, neighbouring ids look unrelated, and the key stays in the
 * database (a restore keeps it, so ids go on without collisions).
 *
 * Ids no longer follow creation: whatever means "newest first" orders by `created_at`, with the id only as the
 * tie-breaker (see `cursorPlan`).
 */
export function recordIdFunctionSql(schema: string): string[] {
  const s = ident(schema);
  // The key is drawn inside the database (gen_random_uuid is a strong random source) and written into the
  // function's body, so it never passes through the application or its logs.
  return [
    `do $record_ids$
    declare k text := encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'hex');
    begin
      execute format($create$
        create function ${s}.record_id(n bigint) returns bigint
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
  ];
}

/**
 * Moves the `id` of each listed table from its identity column to the schema's `record_id` (create it first with
 * `recordIdFunctionSql`): the identity is dropped, a sequence of the table's own feeds the permutation. Existing
 * rows keep their ids. A new table gets the same in its migration: these statements for it, printed once and pasted
 * in as literal SQL after its `create table`.
 */
export function recordIdTablesSql(schema: string, tables: string[]): string[] {
  const s = ident(schema);
  return tables.flatMap((table) => {
    const t = `${s}.${ident(table)}`;
    const seq = `${s}.${ident(`${table}_record_seq`)}`;
    return [
      `alter table ${t} alter column id drop identity`,
      `create sequence ${seq} as bigint owned by ${t}.id`,
      `alter table ${t} alter column id set default ${s}.record_id(nextval('${seq.replace(/'/g, "''")}'))`,
    ];
  });
}
