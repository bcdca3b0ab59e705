/**
 * In-process bus: the same semantics as the NATS JetStream bus (see `types.ts` and the contract suite in
 * `test/bus.contract.ts`) without a server. Used by `npm start` when `NATS_URL` is not set, and by tests.
 *
 * Events are appended to an in-memory stream log (deduplicated by message id within a 2-minute window,
 * trimmed after 7 days); every durable reads the log from the beginning and keeps its position while no
 * instance is subscribed. Payloads are carried as JSON text, so a handler gets its own copy, as over the wire.
 */
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { EVENTS_SUBJECTS } from '@billpoint/proto';
import {
  BusRequestError,
  BusTimeoutError,
  type Bus,
  type BusMessage,
  type Headers,
  type MessageHandler,
  type PublishOptions,
  type ReplyHandler,
  type ReplyOptions,
  type RequestOptions,
  type SubscribeOptions,
  type Subscription,
} from './types.ts';

// ---------------------------------------------------------------------------------------------------------
// Helpers shared by both buses (exported for `nats.ts`; not part of the package's public surface).
// ---------------------------------------------------------------------------------------------------------

type LogFn = (obj: object, msg?: string) => void;
/** The part of a pino logger the bus uses. */
export interface BusLogger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug: LogFn;
}

const noop: LogFn = () => {};
/** Used when no logger is given: warnings and errors to stderr, nothing else. */
export const consoleLogger: BusLogger = {
  info: noop,
  debug: noop,
  warn: (obj, msg) => console.warn(`[bus] ${msg ?? ''}`, obj),
  error: (obj, msg) => console.error(`[bus] ${msg ?? ''}`, obj),
};

export const DEFAULT_MAX_DELIVER = 10;
export const DEFAULT_RETRY_DELAY_MS = 1000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;
export const DUPLICATE_WINDOW_MS = 2 * 60_000;
export const MAX_AGE_MS = 7 * 24 * 3600_000;

/** Looked up per span, so an SDK registered after this module loaded is used. */
const tracer = () => trace.getTracer('@billpoint/kit/bus');

/**
 * Runs `fn` inside a PRODUCER/CLIENT span and hands it a copy of `headers` with the active trace context
 * injected (a no-op without an OpenTelemetry SDK). The caller's object is never modified.
 */
export function withSendSpan<T>(
  subject: string,
  kind: SpanKind,
  headers: Headers | undefined,
  fn: (headers: Headers) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(
    `${subject} publish`,
    { kind, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
    async (span) => {
      const carrier: Headers = { ...headers };
      propagation.inject(context.active(), carrier);
      try {
        return await fn(carrier);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** Runs `fn` inside a CONSUMER/SERVER span whose parent is the trace context carried in `headers`. */
export function withProcessSpan<T>(subject: string, kind: SpanKind, headers: Headers, fn: () => Promise<T>): Promise<T> {
  const parentCtx = propagation.extract(ROOT_CONTEXT, headers);
  return tracer().startActiveSpan(
    `${subject} process`,
    { kind, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
    parentCtx,
    async (span) => {
      try {
        return await fn();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The body of an error reply. */
export interface ErrorReply {
  message: string;
  statusCode: number;
  code: string;
  issues?: { path: string; message: string }[];
}

const isIssues = (v: unknown): v is { path: string; message: string }[] =>
  Array.isArray(v) && v.every((i) => i && typeof i === 'object' && typeof i.path === 'string' && typeof i.message === 'string');

/** What a reply handler's rejection becomes on the wire: message, statusCode (else 500), code (else name). */
export function toErrorReply(err: unknown): ErrorReply {
  if (err !== null && typeof err === 'object') {
    const e = err as { message?: unknown; statusCode?: unknown; code?: unknown; name?: unknown; issues?: unknown };
    const code = typeof e.code === 'string' ? e.code : typeof e.name === 'string' && e.name !== '' ? e.name : 'Error';
    const reply: ErrorReply = {
      message: typeof e.message === 'string' ? e.message : String(err),
      statusCode: typeof e.statusCode === 'number' ? e.statusCode : 500,
      code,
    };
    if (isIssues(e.issues)) reply.issues = e.issues;
    return reply;
  }
  return { message: String(err), statusCode: 500, code: 'Error' };
}

export function fromErrorReply(subject: string, body: unknown): BusRequestError {
  const b = (body ?? {}) as Partial<Record<keyof ErrorReply, unknown>>;
  return new BusRequestError(
    subject,
    typeof b.message === 'string' ? b.message : 'Request failed',
    typeof b.statusCode === 'number' ? b.statusCode : 500,
    typeof b.code === 'string' ? b.code : 'Error',
    isIssues(b.issues) ? b.issues : undefined,
  );
}

/** NATS subject matching: `*` is one token, `>` (last) one or more tokens. */
export function subjectMatches(filter: string, subject: string): boolean {
  if (filter === subject) return true;
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    const t = f[i];
    if (t === '>') return s.length > i;
    if (i >= s.length) return false;
    if (t !== '*' && t !== s[i]) return false;
  }
  return f.length === s.length;
}

/** A publish/request subject: non-empty tokens, no wildcards, no whitespace. */
export function assertSubject(subject: string): void {
  if (!/^[^.\s*>]+(\.[^.\s*>]+)*$/.test(subject)) throw new Error(`Invalid subject: ${JSON.stringify(subject)}`);
}

/** A subscription filter: like a subject, `*` tokens allowed, `>` only as the last token. */
export function assertFilter(filter: string): void {
  const tokens = filter.split('.');
  const ok = tokens.every((t, i) => t === '*' || (t === '>' && i === tokens.length - 1) || /^[^.\s*>]+$/.test(t));
  if (!ok) throw new Error(`Invalid subject filter: ${JSON.stringify(filter)}`);
}

/** A durable (consumer) name: what JetStream accepts. */
export function assertDurable(name: string): void {
  if (!/^[^.\s*>/\\]+$/.test(name)) throw new Error(`Invalid durable name: ${JSON.stringify(name)}`);
}

export function encodeJson(data: unknown): string | undefined {
  return data === undefined ? undefined : JSON.stringify(data);
}

export function decodeJson(text: string | undefined): unknown {
  return text === undefined || text === '' ? undefined : JSON.parse(text);
}

// ---------------------------------------------------------------------------------------------------------
// MemoryBus
// ---------------------------------------------------------------------------------------------------------

export interface MemoryBusOptions {
  logger?: BusLogger;
  /** Dedup window for message ids. Default 2 minutes (as the JetStream stream). */
  duplicateWindowMs?: number;
  /** Log entries older than this are dropped. Default 7 days. */
  maxAgeMs?: number;
}

interface LogEntry {
  seq: number;
  subject: string;
  id: string;
  payload: string | undefined;
  headers: Headers;
  time: number;
}

interface MemSub {
  durable: Durable;
  handler: MessageHandler;
  concurrency: number;
  inflight: Set<Promise<void>>;
}

interface Durable {
  name: string;
  filter: string;
  maxDeliver: number;
  retryDelayMs: number;
  /** Next stream sequence this durable has not looked at. */
  cursor: number;
  /** Failed messages whose retry delay has passed, waiting for a free instance. */
  ready: number[];
  /** Deliveries so far of each message delivered and not yet acknowledged. */
  deliveries: Map<number, number>;
  timers: Set<NodeJS.Timeout>;
  subs: MemSub[];
  rr: number;
  scheduled: boolean;
}

interface Responder {
  subject: string;
  queue: string;
  handler: ReplyHandler;
  inflight: Set<Promise<unknown>>;
}

type ReplyOutcome = { ok: true; body: string | undefined } | { ok: false; error: ErrorReply };

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
  #responders: Responder[] = [];
  #queueRr = new Map<string, number>();
  #closed = false;

  constructor(opts: MemoryBusOptions = {}) {
    this.#log = opts.logger ?? consoleLogger;
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
    let d = this.#durables.get(opts.durable);
    if (!d) {
      d = {
        name: opts.durable,
        filter: opts.subject,
        maxDeliver: DEFAULT_MAX_DELIVER,
        retryDelayMs: DEFAULT_RETRY_DELAY_MS,
        cursor: this.#firstSeq,
        ready: [],
        deliveries: new Map(),
        timers: new Set(),
        subs: [],
        rr: 0,
        scheduled: false,
      };
      this.#durables.set(opts.durable, d);
    }
    // As with a JetStream consumer, the latest subscriber's settings update the durable.
    d.filter = opts.subject;
    d.maxDeliver = Math.max(1, opts.maxDeliver ?? DEFAULT_MAX_DELIVER);
    d.retryDelayMs = Math.max(0, opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
    const sub: MemSub = {
      durable: d,
      handler,
      concurrency: Math.max(1, Math.floor(opts.concurrency ?? 1)),
      inflight: new Set(),
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
    const timeoutMs = opts.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    return withSendSpan(subject, SpanKind.CLIENT, opts.headers, async (headers) => {
      const payload = encodeJson(data);
      const picked = this.#pickResponders(subject);
      // Like NATS "no responders": fails at once rather than after the timeout.
      if (picked.length === 0) throw new BusTimeoutError(subject, timeoutMs);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BusTimeoutError(subject, timeoutMs)), timeoutMs);
      });
      try {
        const outcome = await Promise.race([...picked.map((r) => this.#invoke(r, subject, payload, headers)), timeout]);
        if (!outcome.ok) throw fromErrorReply(subject, outcome.error);
        return decodeJson(outcome.body) as T;
      } finally {
        clearTimeout(timer);
      }
    });
  }

  /** One responder per queue group, round robin inside the group. */
  #pickResponders(subject: string): Responder[] {
    const groups = new Map<string, Responder[]>();
    for (const r of this.#responders) {
      if (!subjectMatches(r.subject, subject)) continue;
      const key = `${r.subject}\u0000${r.queue}`;
      const g = groups.get(key);
      if (g) g.push(r);
      else groups.set(key, [r]);
    }
    const picked: Responder[] = [];
    for (const [key, g] of groups) {
      const i = this.#queueRr.get(key) ?? 0;
      picked.push(g[i % g.length]!);
      this.#queueRr.set(key, i + 1);
    }
    return picked;
  }

  #invoke(r: Responder, subject: string, payload: string | undefined, headers: Headers): Promise<ReplyOutcome> {
    const run = async (): Promise<ReplyOutcome> => {
      await new Promise<void>((resolve) => setImmediate(resolve)); // never in the requester's stack
      try {
        const result = await withProcessSpan(subject, SpanKind.SERVER, { ...headers }, () =>
          r.handler(decodeJson(payload), { ...headers }),
        );
        return { ok: true, body: encodeJson(result) };
      } catch (err) {
        this.#log.debug({ err, subject }, 'reply handler failed; sending an error reply');
        return { ok: false, error: toErrorReply(err) };
      }
    };
    const p = run();
    r.inflight.add(p);
    void p.finally(() => r.inflight.delete(p));
    return p;
  }

  async reply(subject: string, handler: ReplyHandler, opts: ReplyOptions = {}): Promise<Subscription> {
    this.#assertOpen();
    assertFilter(subject);
    const r: Responder = { subject, queue: opts.queue ?? subject, handler, inflight: new Set() };
    this.#responders.push(r);
    let stopped: Promise<void> | undefined;
    return { stop: () => (stopped ??= this.#stopResponder(r)) };
  }

  async #stopResponder(r: Responder): Promise<void> {
    this.#responders = this.#responders.filter((x) => x !== r);
    await Promise.allSettled([...r.inflight]);
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
    for (const r of this.#responders) pending.push(...r.inflight);
    this.#responders = [];
    await Promise.allSettled(pending);
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The bus is closed');
  }
}
