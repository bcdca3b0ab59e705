import type { z } from 'zod';
import type { EventEnvelope, RpcContract } from '@billpoint/proto';
import type { EntityManager } from './db.ts';
import type { Subscription } from './bus/types.ts';
import { consumeEvents } from './outbox.ts';
import { rpcCall } from './rpc.ts';
import type { ServiceContext } from './service.ts';

export interface ReadModelOptions<Row, Key, Req extends z.ZodType, Res extends z.ZodType> {
  ctx: ServiceContext;
  /** Durable consumer name; also its key in the processed-messages log. */
  durable: string;
  /** The owner's events that keep the table current (`evt.customers.customer.*`). */
  subject: string;
  /**
   * Applies one event, in the transaction that also records it as processed (so a redelivery is a no-op).
   * Write versioned upserts that never let an older version overwrite a newer one: events may arrive out of order.
   */
  apply: (event: EventEnvelope, em: EntityManager) => Promise<void>;
  /** The local row, or undefined when this service has never heard of the key. */
  find: (tenantId: string, key: Key) => Promise<Row | undefined>;
  /** On a miss, the owner is asked over this contract… */
  fetch: { contract: RpcContract<Req, Res>; request: (tenantId: string, key: Key) => z.input<Req>; timeoutMs?: number };
  /** …and a non-null answer is stored with the same versioned upsert the events use. */
  store: (em: EntityManager, tenantId: string, answer: NonNullable<z.output<Res>>) => Promise<void>;
}

/**
 * A service's local copy of another service's data: fed by its events (idempotent), filled by request/reply on
 * a miss (e.g. a record created a moment before its event arrived). Every access is under the tenant (RLS).
 */
export class ReadModel<Row, Key, Req extends z.ZodType, Res extends z.ZodType> {
  readonly #o: ReadModelOptions<Row, Key, Req, Res>;
  constructor(o: ReadModelOptions<Row, Key, Req, Res>) {
    this.#o = o;
  }

  /** Starts the consumer of the owner's events. */
  start(): Promise<Subscription> {
    const { ctx } = this.#o;
    return consumeEvents({
      orm: ctx.orm,
      schema: ctx.schema,
      bus: ctx.bus,
      logger: ctx.logger,
      durable: this.#o.durable,
      subject: this.#o.subject,
      parse: (data) => data,
      handle: (event, em) => this.#o.apply(event, em),
    });
  }

  /** The row for `key`: local, else the owner's answer (stored for next time); null when the owner has none. */
  async get(tenantId: string, key: Key): Promise<Row | null> {
    const local = await this.#o.find(tenantId, key);
    if (local !== undefined) return local;
    const { contract, request, timeoutMs } = this.#o.fetch;
    const answer = await rpcCall(this.#o.ctx.bus, contract, request(tenantId, key), { timeoutMs });
    if (answer === null || answer === undefined) return null;
    await this.#o.ctx.tx({ tenantId }, (em) => this.#o.store(em, tenantId, answer as NonNullable<z.output<Res>>));
    return (await this.#o.find(tenantId, key)) ?? null;
  }
}
