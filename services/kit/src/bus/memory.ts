/**
 * In-process bus: the same semantics as the NATS JetStream bus (see `types.ts` and the contract suite in
 * `test/bus.contract.ts`) without a server. Used by `npm start` when `NATS_URL` is not set, and by tests.
 *
 * Events are appended to an in-memory stream log (deduplicated by message id within a 2-minute window,
 * trimmed after 7 days); every durable reads the log from the beginning and keeps its position while no
 * instance is subscribed. Payloads are carried as JSON text, so a handler gets its own copy, as over the wire.
 * Request/reply is in `memory.reply.ts`.
 */
import { SpanKind } from '@opentelemetry/api';
import { EVENTS_SUBJECTS } from '@billpoint/proto';
import type {
  Bus,
  BusMessage,
  MessageHandler,
  PublishOptions,
  ReplyHandler,
  ReplyOptions,
  RequestOptions,
  SubscribeOptions,
  Subscription,
} from './types.ts';
import {
  assertDurable,
  assertFilter,
  assertSubject,
  consoleLogger,
  decodeJson,
  DEFAULT_MAX_DELIVER,
  DEFAULT_RETRY_DELAY_MS,
  DUPLICATE_WINDOW_MS,
  encodeJson,
  MAX_AGE_MS,
  subjectMatches,
  withProcessSpan,
  withSendSpan,
  type BusLogger,
} from './common.ts';
import { MemoryReplies } from './memory.reply.ts';

// The shared helpers stay importable from here, as before they moved to common.ts.
export * from './common.ts';
import type { Durable, LogEntry, MemSub } from './memory.state.ts';

export interface MemoryBusOptions {
  logger?: BusLogger;
  /** Dedup window for message ids. Default 2 minutes (as the JetStream stream). */
  duplicateWindowMs?: number;
  /** Log entries older than this are dropped. Default 7 days. */
  maxAgeMs?: number;
}

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  readonly #log: BusLogger;
  readonly #dupWindowMs: number;
  readonly #maxAgeMs: number;
  /** The stream: entries in sequence order; `#entries[i].seq === #firstSeq + i`. */
  #entries: LogEntry[] = [];
  #firstSeq = 1;
  #lastSeq = 0;
  /** msgId → publish time, in insertion (= time) order. */
  #dedup = new Map<string, number>();
  #durables = new Map<string, Durable>();
  readonly #replies: MemoryReplies;
  #closed = false;

  constructor(opts: MemoryBusOptions = {}) {
    this.#log = opts.logger ?? consoleLogger;
    this.#replies = new MemoryReplies(this.#log);
    this.#dupWindowMs = opts.duplicateWindowMs ?? DUPLICATE_WINDOW_MS;
    this.#maxAgeMs = opts.maxAgeMs ?? MAX_AGE_MS;
  }

  // -- events ---------------------------------------------------------------------------------------------

  async publish(subject: string, data: unknown, opts: PublishOptions): Promise<void> {
    this.#assertOpen();
    assertSubject(subject);
    if (!subjectMatches(EVENTS_SUBJECTS, subject)) {
      throw new Error(`No stream captures subject ${subject} (events are ${EVENTS_SUBJECTS})`);
    }
    if (!opts?.msgId) throw new Error('publish: msgId is required');
    await withSendSpan(subject, SpanKind.PRODUCER, opts.headers, async (headers) => {
      const payload = encodeJson(data);
      const now = Date.now();
      this.#trim(now);
      if (this.#dedup.has(opts.msgId)) {
        this.#log.debug({ subject, msgId: opts.msgId }, 'duplicate message id, not stored again');
        return;
      }
      this.#dedup.set(opts.msgId, now);
      const entry: LogEntry = { seq: ++this.#lastSeq, subject, id: opts.msgId, payload, headers, time: now };
      this.#entries.push(entry);
      for (const d of this.#durables.values()) {
        if (subjectMatches(d.filter, subject)) this.#schedule(d);
      }
    });
  }

  async subscribe(opts: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    this.#assertOpen();
    assertDurable(opts.durable);
    assertFilter(opts.subject);
    if (opts.unacknowledged && !opts.perInstance) throw new Error('subscribe: unacknowledged is for per-instance consumers only');
    const name = opts.perInstance ? `${opts.durable}-${Math.random().toString(16).slice(2, 14)}` : opts.durable;
    let d = this.#durables.get(name);
    if (!d) {
      d = {
        name,
        filter: opts.subject,
        maxDeliver: DEFAULT_MAX_DELIVER,
        retryDelayMs: DEFAULT_RETRY_DELAY_MS,
        cursor: opts.perInstance ? this.#lastSeq + 1 : this.#firstSeq,
        ready: [],
        deliveries: new Map(),
        timers: new Set(),
        subs: [],
        rr: 0,
        scheduled: false,
      };
      this.#durables.set(name, d);
    }
    // As with a JetStream consumer, the latest subscriber's settings update the durable.
    d.filter = opts.subject;
    // Unacknowledged (at most once): in memory that is a single delivery.
    d.maxDeliver = opts.unacknowledged ? 1 : Math.max(1, opts.maxDeliver ?? DEFAULT_MAX_DELIVER);
    d.retryDelayMs = Math.max(0, opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
    const sub: MemSub = {
      durable: d,
      handler,
      concurrency: Math.max(1, Math.floor(opts.concurrency ?? 1)),
      inflight: new Set(),
      perInstance: opts.perInstance ?? false,
    };
    d.subs.push(sub);
    this.#schedule(d);
    let stopped: Promise<void> | undefined;
    return {
      stop: () => (stopped ??= this.#stopSub(sub)),
    };
  }

  async #stopSub(sub: MemSub): Promise<void> {
    const d = sub.durable;
    d.subs = d.subs.filter((s) => s !== sub);
    await Promise.allSettled([...sub.inflight]);
    if (sub.perInstance) {
      this.#durables.delete(d.name); // a per-instance consumer ends with its instance
      return;
    }
    // Whatever this instance left (failed deliveries) goes to the remaining instances.
    this.#schedule(d);
  }

  #schedule(d: Durable): void {
    if (d.scheduled || this.#closed) return;
    d.scheduled = true;
    // Never deliver inside the caller's stack (publish, subscribe, a handler's completion).
    setImmediate(() => {
      d.scheduled = false;
      this.#dispatch(d);
    });
  }

  #dispatch(d: Durable): void {
    if (this.#closed) return;
    for (;;) {
      const sub = this.#freeSub(d);
      if (!sub) return;
      const seq = this.#nextSeq(d);
      if (seq === undefined) return;
      this.#deliver(d, sub, seq);
    }
  }

  /** Round robin over the instances with a free slot. */
  #freeSub(d: Durable): MemSub | undefined {
    const n = d.subs.length;
    for (let i = 0; i < n; i++) {
      const s = d.subs[(d.rr + i) % n]!;
      if (s.inflight.size < s.concurrency) {
        d.rr = (d.rr + i + 1) % n;
        return s;
      }
    }
    return undefined;
  }

  #entry(seq: number): LogEntry | undefined {
    return this.#entries[seq - this.#firstSeq];
  }

  #nextSeq(d: Durable): number | undefined {
    while (d.ready.length > 0) {
      const seq = d.ready.shift()!;
      if (this.#entry(seq)) return seq;
      d.deliveries.delete(seq); // aged out of the stream meanwhile
    }
    if (d.cursor < this.#firstSeq) d.cursor = this.#firstSeq;
    while (d.cursor <= this.#lastSeq) {
      const seq = d.cursor++;
      const e = this.#entry(seq);
      if (e && subjectMatches(d.filter, e.subject)) return seq;
    }
    return undefined;
  }

  #deliver(d: Durable, sub: MemSub, seq: number): void {
    const entry = this.#entry(seq)!;
    const deliveryCount = (d.deliveries.get(seq) ?? 0) + 1;
    d.deliveries.set(seq, deliveryCount);
    const run = async (): Promise<void> => {
      const headers = { ...entry.headers };
      const msg: BusMessage = {
        subject: entry.subject,
        id: entry.id,
        data: decodeJson(entry.payload),
        headers,
        deliveryCount,
        seq,
      };
      try {
        await withProcessSpan(entry.subject, SpanKind.CONSUMER, { ...entry.headers }, () => sub.handler(msg));
        d.deliveries.delete(seq);
      } catch (err) {
        if (deliveryCount >= d.maxDeliver) {
          d.deliveries.delete(seq);
          this.#log.error(
            { err, subject: entry.subject, msgId: entry.id, durable: d.name, deliveryCount },
            'bus handler failed on its last delivery; message dropped',
          );
        } else if (this.#closed) {
          this.#log.warn({ err, subject: entry.subject, msgId: entry.id, durable: d.name }, 'bus handler failed during close');
        } else {
          this.#log.warn(
            { err, subject: entry.subject, msgId: entry.id, durable: d.name, deliveryCount },
            'bus handler failed; message will be delivered again',
          );
          const timer = setTimeout(() => {
            d.timers.delete(timer);
            d.ready.push(seq);
            this.#schedule(d);
          }, d.retryDelayMs);
          d.timers.add(timer);
        }
      }
    };
    const p: Promise<void> = run().finally(() => {
      sub.inflight.delete(p);
      this.#schedule(d);
    });
    sub.inflight.add(p);
  }

  /** Drops dedup ids older than the window and log entries older than max age. */
  #trim(now: number): void {
    for (const [id, t] of this.#dedup) {
      if (now - t < this.#dupWindowMs) break;
      this.#dedup.delete(id);
    }
    let drop = 0;
    while (drop < this.#entries.length && now - this.#entries[drop]!.time >= this.#maxAgeMs) drop++;
    if (drop > 0) {
      this.#entries.splice(0, drop);
      this.#firstSeq += drop;
    }
  }

  // -- request / reply --------------------------------------------------------------------------------------

  async request<T = unknown>(subject: string, data: unknown, opts: RequestOptions = {}): Promise<T> {
    this.#assertOpen();
    assertSubject(subject);
    return this.#replies.request<T>(subject, data, opts);
  }

  async reply(subject: string, handler: ReplyHandler, opts: ReplyOptions = {}): Promise<Subscription> {
    this.#assertOpen();
    assertFilter(subject);
    return this.#replies.reply(subject, handler, opts);
  }

  // -- lifecycle ----------------------------------------------------------------------------------------------

  isHealthy(): boolean {
    return !this.#closed;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const pending: Promise<unknown>[] = [];
    for (const d of this.#durables.values()) {
      for (const t of d.timers) clearTimeout(t);
      d.timers.clear();
      for (const s of d.subs) pending.push(...s.inflight);
      d.subs = [];
    }
    pending.push(...this.#replies.close());
    await Promise.allSettled(pending);
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The bus is closed');
  }
}
