import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import { EventEnvelope, type EventEnvelope as Envelope } from '@billpoint/proto';
import type { Bus, BusMessage, Subscription } from './bus/types.ts';
import type { Logger } from './logger.ts';
import { ident, tenantEm } from './db.ts';

export interface ConsumerOptions<T> {
  orm: MikroORM;
  schema: string;
  bus: Bus;
  logger: Logger;
  /** Durable consumer name; also the key of the processed-messages log. */
  durable: string;
  subject: string;
  /** Parses `data` of the envelope (a proto schema). */
  parse: (data: unknown) => T;
  /**
   * Runs in one transaction with the processed-message mark, under the event's tenant (RLS applies). `memo` lives as
   * long as the transaction: the events of a batch share it (e.g. a per-tenant read done once per batch; key it by
   * tenant, as one batch holds several tenants' events).
   */
  handle: (event: Envelope<T>, em: EntityManager, msg: BusMessage, memo: TransactionMemo) => Promise<void>;
  /** Runs once the handler's transaction has committed (not for a duplicate): e.g. wake a worker for the new rows. */
  afterCommit?: (event: Envelope<T>) => void;
  maxDeliver?: number;
  retryDelayMs?: number;
  /**
   * Batches handled at once (default 1: in stream order). Only for handlers whose effects do not depend on the order
   * of the events (each event's writes stand alone), e.g. fanning an event out to webhook deliveries.
   */
  concurrency?: number;
  /**
   * At most this many waiting events share one transaction (default 1: a transaction per event). For consumers of
   * busy streams whose writes do not take row locks that a request's transaction also takes in another order (a
   * batch holds its locks until the batch commits: e.g. read models, counters of their own, audit rows).
   */
  batchSize?: number;
  /**
   * With `batchSize` > 1: how long a lane that wakes up for a short batch waits for more events before it starts
   * (default GROUP_COMMIT_LINGER_MS). A transaction costs the same for one event as for many, so under a steady
   * stream a few milliseconds of lag buy batches several times larger; 0 starts at once.
   */
  lingerMs?: number;
}

/** Values a handler keeps for the rest of its transaction (see `handle`). */
export type TransactionMemo = Map<string, unknown>;

/** The batch size of the consumers that opt in (`GROUP_COMMIT`). */
export const GROUP_COMMIT = 64;
/** How long a group-commit lane waits to fill a short batch (see `lingerMs`). */
export const GROUP_COMMIT_LINGER_MS = 10;

interface Waiting {
  msg: BusMessage;
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * An idempotent event consumer: each event (envelope id = outbox id = message id) is handled once per consumer
 * even when the bus delivers it again, because the handler's writes and the processed-message row commit together.
 *
 * Group commit (with `batchSize` > 1): the events that arrive while a transaction runs wait and are then handled together in ONE
 * transaction — one processed-messages insert for all, one commit — each under its own tenant (`app.tenant_id` and
 * the ORM's tenant filter are set per event, the unit of work flushed and cleared between events). Under no load
 * that is a transaction per event, as before; under a burst the per-event cost is the handler's own statements.
 * Stream order is kept (one batch at a time unless `concurrency` > 1). When a batch fails, its events are handled
 * again one transaction each, so one failing event delays, retries or drops only itself.
 */
export function consumeEvents<T>(o: ConsumerOptions<T>): Promise<Subscription> {
  const s = ident(o.schema);
  const batchSize = Math.max(1, Math.floor(o.batchSize ?? 1));
  const lanes = Math.max(1, Math.floor(o.concurrency ?? 1));
  const lingerMs = batchSize > 1 ? Math.max(0, o.lingerMs ?? GROUP_COMMIT_LINGER_MS) : 0;
  const waiting: Waiting[] = [];
  let running = 0;

  const toEvent = (msg: BusMessage): Envelope<T> => {
    const env = EventEnvelope.parse(msg.data);
    return { ...env, data: o.parse(env.data) };
  };

  /** One event in its own transaction (the path of a lone event and of a failed batch's events). */
  async function handleOne(msg: BusMessage): Promise<void> {
    const event = toEvent(msg);
    const em = tenantEm(o.orm.em, { tenantId: event.tenantId });
    const handled = await em.transactional(async (tem) => {
      const res = await tem.execute<{ affectedRows: number }>(
        `insert into ${s}.processed_messages (consumer, message_id) values (?, ?) on conflict do nothing`,
        [o.durable, event.id],
        'run',
      );
      if (res.affectedRows === 0) {
        o.logger.debug({ subject: msg.subject, id: event.id, consumer: o.durable }, 'duplicate event skipped');
        return false;
      }
      await o.handle(event, tem, msg, new Map());
      return true;
    });
    if (handled) o.afterCommit?.(event);
  }

  /** Several events in one transaction; returns the ones handled (not duplicates) once it has committed. */
  async function handleBatch(items: { msg: BusMessage; event: Envelope<T> }[]): Promise<Envelope<T>[]> {
    return o.orm.em.fork().transactional(async (tem) => {
      const rows = await tem.execute<{ message_id: string }[]>(
        `insert into ${s}.processed_messages (consumer, message_id)
         select ?, id from unnest(array[?]::text[]) as id on conflict do nothing returning message_id`,
        [o.durable, items.map((i) => i.event.id)],
      );
      const fresh = new Set(rows.map((r) => r.message_id));
      const handled: Envelope<T>[] = [];
      const memo: TransactionMemo = new Map();
      let tenant: string | undefined;
      for (const { msg, event } of items) {
        // Not new (or a second delivery of one already in this batch): skipped, as handleOne does.
        if (!fresh.delete(event.id)) continue;
        if (event.tenantId !== tenant) {
          tenant = event.tenantId;
          await tem.execute(`select set_config('app.tenant_id', ?, true)`, [tenant]);
          tem.setFilterParams('tenant', { tenantId: tenant });
        }
        await o.handle(event, tem, msg, memo);
        // Written under this event's tenant before the next event's tenant is set; nothing carried over.
        await tem.flush();
        tem.clear();
        handled.push(event);
      }
      return handled;
    });
  }

  async function settle(w: Waiting, run: () => Promise<void>): Promise<void> {
    try {
      await run();
      w.resolve();
    } catch (err) {
      w.reject(err);
    }
  }

  async function lane(): Promise<void> {
    running++;
    try {
      // Woken by a lone event of a stream: let the next few arrive, so they share its transaction.
      if (lingerMs > 0 && waiting.length < batchSize) await new Promise((r) => setTimeout(r, lingerMs));
      while (waiting.length > 0) {
        const batch = waiting.splice(0, batchSize);
        if (batch.length === 1) {
          await settle(batch[0]!, () => handleOne(batch[0]!.msg));
          continue;
        }
        const parsed: { w: Waiting; msg: BusMessage; event: Envelope<T> }[] = [];
        for (const w of batch) {
          try {
            parsed.push({ w, msg: w.msg, event: toEvent(w.msg) });
          } catch (err) {
            w.reject(err); // will never parse: the bus retries and then drops it, as for a lone event
          }
        }
        let handled: Envelope<T>[] | undefined;
        try {
          handled = await handleBatch(parsed);
        } catch (err) {
          o.logger.debug({ err, consumer: o.durable, events: parsed.length }, 'batch failed; handling its events one by one');
        }
        if (handled) {
          for (const p of parsed) p.w.resolve();
          for (const event of handled) o.afterCommit?.(event);
        } else {
          for (const p of parsed) await settle(p.w, () => handleOne(p.msg));
        }
      }
    } finally {
      running--;
    }
  }

  return o.bus.subscribe(
    {
      durable: o.durable,
      subject: o.subject,
      maxDeliver: o.maxDeliver ?? 10,
      retryDelayMs: o.retryDelayMs ?? 1000,
      // The bus hands over up to a batch per lane at once; the lanes keep stream order within each.
      concurrency: batchSize * lanes,
    },
    (msg) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ msg, resolve, reject });
        if (running < lanes) void lane();
      }),
  );
}
