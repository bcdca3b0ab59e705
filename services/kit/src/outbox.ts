import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { defineEntity, p } from '@mikro-orm/core';
import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { BusHeaders, type EventEnvelope as Envelope } from '@billpoint/proto';
import type { Bus } from './bus/types.ts';
import type { Logger } from './logger.ts';
import { ident } from './db.ts';

/** A row of `<schema>.outbox`: written in the transaction of the change, published by the relay. */
export const OutboxMessage = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox',
  properties: {
    id: p.uuid().primary(),
    subject: p.text(),
    tenantId: p.uuid().nullable(),
    headers: p.json<Record<string, string>>(),
    payload: p.json<Envelope>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    publishedAt: p.datetime().nullable(),
  },
});

export interface EventInput<T> {
  subject: string;
  tenantId: string;
  actorId?: string | null;
  data: T;
}

/** Who made the changes of the unit of work running now (set by `ctx.tx` from the request's identity). */
export interface EventOrigin {
  tenantId: string;
  userId: string;
  ip: string | null;
  userAgent: string | null;
}
/** The origin of `ctx.tx`'s unit of work; `addEvent` puts its ip and user agent into the envelope's metadata. */
export const eventOrigin = new AsyncLocalStorage<EventOrigin>();

/**
 * Adds an event to the unit of work of `em`: it is inserted by the same flush/commit as the change it
 * describes, so both happen or neither does. Call inside `em.transactional` (or before `em.flush()`).
 */
export function addEvent<T>(em: EntityManager, e: EventInput<T>): Envelope<T> {
  const id = randomUUID();
  const envelope: Envelope<T> = {
    id,
    type: e.subject,
    occurredAt: new Date().toISOString(),
    tenantId: e.tenantId,
    actorId: e.actorId ?? null,
    data: e.data,
  };
  // The request's ip and user agent, when this unit of work is a signed-in request's for the same tenant and actor.
  const origin = eventOrigin.getStore();
  if (origin && origin.tenantId === e.tenantId && origin.userId === envelope.actorId && (origin.ip || origin.userAgent))
    envelope.metadata = { ip: origin.ip, userAgent: origin.userAgent };
  const headers: Record<string, string> = { [BusHeaders.tenant]: e.tenantId };
  // Carry the trace of the request that made the change to whoever consumes the event.
  propagation.inject(context.active(), headers);
  em.create(OutboxMessage, { id, subject: e.subject, tenantId: e.tenantId, headers, payload: envelope as Envelope, publishedAt: null });
  return envelope;
}

export interface RelayOptions {
  orm: MikroORM;
  schema: string;
  bus: Bus;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
  /** Published rows older than this are deleted. */
  retainMs?: number;
}

/**
 * Publishes outbox rows to the bus with the row id as message id (`Nats-Msg-Id`), so a crash between
 * publish and marking never duplicates an event downstream. Safe on every replica at once (SKIP LOCKED).
 */
export class OutboxRelay {
  readonly #o: Required<RelayOptions>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #lastCleanup = 0;

  constructor(o: RelayOptions) {
    this.#o = { intervalMs: 500, batchSize: 100, retainMs: 24 * 3600_000, ...o };
  }

  start() {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Publish now (called after a commit that wrote events). */
  nudge() {
    if (this.#stopped) return;
    if (this.#running) this.#again = true;
    else this.#schedule(0);
  }

  #schedule(ms: number) {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    // Polling belongs to no request: run it outside whatever trace called nudge().
    this.#timer = context.with(ROOT_CONTEXT, () =>
      setTimeout(() => {
        this.#running = this.#tick().finally(() => {
          this.#running = undefined;
          if (this.#again) {
            this.#again = false;
            this.#schedule(0);
          } else this.#schedule(this.#o.intervalMs);
        });
      }, ms),
    );
    this.#timer.unref();
  }

  async #tick() {
    try {
      // With the bus away, leave the rows (and the pool) alone: a publish would only wait for its timeout while
      // holding a connection and the rows' locks. The next tick after the bus is back publishes them.
      if (!this.#o.bus.isHealthy()) return;
      while (!this.#stopped && (await this.publishBatch()) === this.#o.batchSize);
      if (Date.now() - this.#lastCleanup > 60_000) {
        this.#lastCleanup = Date.now();
        await this.#o.orm.em
          .fork()
          .execute(`delete from ${ident(this.#o.schema)}.outbox where published_at < now() - make_interval(secs => ?)`, [
            this.#o.retainMs / 1000,
          ]);
      }
    } catch (err) {
      this.#o.logger.error({ err }, 'outbox relay failed; will retry');
    }
  }

  /** Publishes one batch; returns how many rows it published. */
  async publishBatch(): Promise<number> {
    const s = ident(this.#o.schema);
    const em = this.#o.orm.em.fork();
    return em.transactional(async (tem) => {
      const rows = await tem.execute<{ id: string; subject: string; headers: Record<string, string>; payload: unknown }[]>(
        `select id, subject, headers, payload from ${s}.outbox where published_at is null order by seq limit ? for update skip locked`,
        [this.#o.batchSize],
      );
      if (rows.length === 0) return 0;
      for (const r of rows) {
        // Publish inside the trace of the request that wrote the row, so the event joins that trace.
        const parent = propagation.extract(ROOT_CONTEXT, r.headers);
        await context.with(parent, () => this.#o.bus.publish(r.subject, r.payload, { msgId: r.id, headers: r.headers }));
      }
      await tem.execute(`update ${s}.outbox set published_at = now() where id in (?)`, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  /** Stops polling and waits for a batch in flight. */
  async stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}

export * from './consume-events.ts';
