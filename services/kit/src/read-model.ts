import type { z } from 'zod';
import type { RpcContract } from '@billpoint/proto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ident } from './db.ts';
import { consumeEvents, GROUP_COMMIT } from './consume-events.ts';
import { rpcCall } from './rpc.ts';
import type { ServiceContext } from './service.ts';
import type { Subscription } from './bus/types.ts';

type Key = string | number;
/** A row of a read model: its data columns, and whether the item was deleted at its source. */
export type ReadModelRow<Col extends string> = Record<Col, unknown> & { deleted: boolean };

export interface ReadModelDefinition<T, K extends Key, Col extends string, C extends RpcContract> {
  /**
   * The local table, in the service's schema (its own migration): primary key `(tenant_id, id)`, a nullable
   * `version` column comparable with what `version()` gives, `deleted boolean not null default false`, and the
   * data columns, each nullable or with a default (a delete seen before any other event leaves only the key);
   * RLS enabled and forced like every tenant table.
   */
  table: string;
  /** Durable consumer name; also the key of its processed-message log. Keep it when moving a consumer here. */
  durable: string;
  /** Subject filter of the source's events (`evt.customers.customer.*`). */
  subject: string;
  /** Events that carry the whole item (created, updated), each with the schema of its data. */
  upsertOn: Record<string, z.ZodType<T>>;
  /** Events that delete an item, each with how to read its key from the data. */
  deleteOn: Record<string, (data: unknown) => K>;
  key: (item: T) => K;
  /** Orders the versions of one item (e.g. its `updatedAt`): an older version never overwrites a newer one. */
  version: (item: T) => string | number | Date;
  /** The data columns and how each is read from the item. */
  columns: Record<Col, (item: T) => unknown>;
  /** Asked on a miss: the source service's RPC, answering the item or null (it has no such item). */
  fill?: { contract: C; request: (tenantId: string, id: K) => z.input<C['request']>; timeoutMs?: number };
}

export interface ReadModel<T, K extends Key, Col extends string> {
  /** The idempotent event consumer that keeps the table current. */
  start(): Promise<Subscription>;
  /** Versioned upsert in `em`'s transaction (the tenant's). Never clears `deleted`. */
  upsert(em: EntityManager, tenantId: string, item: T): Promise<void>;
  /** Marks the item deleted, for good: later (or older, redelivered) upserts never bring it back. */
  remove(em: EntityManager, tenantId: string, id: K): Promise<void>;
  /** The local row, deleted ones included; no RPC. */
  find(tenantId: string, id: K): Promise<ReadModelRow<Col> | null>;
  /** The item if it exists and is not deleted: the local row, else asked with `fill`, stored, then read back. */
  get(tenantId: string, id: K): Promise<ReadModelRow<Col> | null>;
}

/**
 * A local copy of another service's items, fed by its events. Idempotent twice over: `consumeEvents` records each
 * processed event with its effect (a redelivery is a no-op), and every write is a versioned upsert, so events that
 * arrive out of order converge on the newest version. Hand-written SQL: a conditional upsert
 * (`on conflict … do update … where version <=`) is what makes it order-independent, and the ORM's upsert has
 * no such condition.
 */
export function readModel<T, K extends Key, Col extends string, C extends RpcContract = RpcContract>(
  ctx: Pick<ServiceContext, 'orm' | 'schema' | 'bus' | 'logger' | 'reader' | 'tx'>,
  def: ReadModelDefinition<T, K, Col, C>,
): ReadModel<T, K, Col> {
  const table = `${ident(ctx.schema)}.${ident(def.table)}`;
  const cols = Object.keys(def.columns) as Col[];
  const colSql = cols.map(ident);
  const upsertSql = `insert into ${table} as x (tenant_id, id, ${colSql.join(', ')}, version)
    values (${['?', '?', ...cols.map(() => '?'), '?'].join(', ')})
    on conflict (tenant_id, id) do update set ${[...colSql, '"version"'].map((c) => `${c} = excluded.${c}`).join(', ')}
    where x.version is null or x.version <= excluded.version`;
  const findSql = `select ${colSql.join(', ')}, deleted from ${table} where tenant_id = $1 and id = $2`;

  const self: ReadModel<T, K, Col> = {
    start: () =>
      consumeEvents({
        orm: ctx.orm,
        schema: ctx.schema,
        bus: ctx.bus,
        logger: ctx.logger,
        durable: def.durable,
        subject: def.subject,
        // One row per event, keyed by the item: a burst shares transactions (no request writes these tables).
        batchSize: GROUP_COMMIT,
        parse: (data) => data,
        async handle(event, em) {
          const upsert = def.upsertOn[event.type];
          if (upsert) return self.upsert(em, event.tenantId, upsert.parse(event.data));
          const removeKey = def.deleteOn[event.type];
          if (removeKey) return self.remove(em, event.tenantId, removeKey(event.data));
          ctx.logger.debug({ type: event.type, consumer: def.durable }, 'event not used by this read model');
        },
      }),

    async upsert(em, tenantId, item) {
      await em.execute(upsertSql, [tenantId, def.key(item), ...cols.map((c) => def.columns[c](item)), def.version(item)]);
    },

    async remove(em, tenantId, id) {
      await em.execute(
        `insert into ${table} (tenant_id, id, deleted) values (?, ?, true) on conflict (tenant_id, id) do update set deleted = true`,
        [tenantId, id],
      );
    },

    async find(tenantId, id) {
      const [row] = await ctx.reader.query<ReadModelRow<Col>>(tenantId, findSql, [tenantId, id]);
      return row ?? null;
    },

    async get(tenantId, id) {
      const known = await self.find(tenantId, id);
      if (known) return known.deleted ? null : known;
      if (!def.fill) return null;
      const item = (await rpcCall(ctx.bus, def.fill.contract, def.fill.request(tenantId, id), {
        timeoutMs: def.fill.timeoutMs,
      })) as T | null;
      // Nothing is stored for "no such item": an id unknown now may be created later, and a tombstone would hide it.
      if (!item) return null;
      await ctx.tx({ tenantId }, (em) => self.upsert(em, tenantId, item));
      // Read back: an event (a newer version, a delete) may have landed meanwhile.
      const stored = await self.find(tenantId, id);
      return stored && !stored.deleted ? stored : null;
    },
  };
  return self;
}
