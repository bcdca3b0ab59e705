/**
 * NATS bus: events on JetStream (one stream over `evt.>`, a durable pull consumer per durable name),
 * request/reply on core NATS. Semantics in `types.ts`; held to the contract suite in `test/bus.contract.ts`.
 */
import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import {
  connect,
  NoRespondersError,
  RequestError,
  TimeoutError,
  headers as natsHeaders,
  nanos,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription as NatsSubscription,
} from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { BusHeaders, EVENTS_STREAM, EVENTS_SUBJECTS } from '@billpoint/proto';
import {
  BusTimeoutError,
  INSTANCE_CONSUMER_IDLE_MS,
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
import {
  assertDurable,
  assertFilter,
  assertSubject,
  consoleLogger,
  decodeJson,
  DEFAULT_MAX_DELIVER,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RETRY_DELAY_MS,
  DUPLICATE_WINDOW_MS,
  encodeJson,
  fromErrorReply,
  MAX_AGE_MS,
  subjectMatches,
  toErrorReply,
  withProcessSpan,
  withSendSpan,
  type BusLogger,
} from './memory.ts';

export interface NatsBusOptions {
  /** e.g. `nats://127.0.0.1:4222`; several servers separated by commas. */
  url: string;
  /** Connection name (shows in the server's monitoring). */
  name: string;
  /**
   * Prefix for every wire subject (`${namespace}.evt.…`) and suffix of the stream name
   * (`${EVENTS_STREAM}_${namespace}`), so that parallel test files on one server stay apart.
   */
  namespace?: string;
  logger?: BusLogger;
}

/** JetStream's ack wait; a longer-running handler tells the server it is still working. */
const ACK_WAIT_MS = 30_000;
const WORKING_EVERY_MS = 10_000;

/** Headers JetStream/NATS add (`Nats-Msg-Id`, `Nats-Expected-*`…): not handed to handlers. */
function isNatsHeader(key: string): boolean {
  return key.toLowerCase().startsWith('nats-');
}

function toNatsHeaders(h: Headers): MsgHdrs {
  const out = natsHeaders();
  for (const [k, v] of Object.entries(h)) out.set(k, v);
  return out;
}

function fromNatsHeaders(h: MsgHdrs | undefined): Headers {
  const out: Headers = {};
  if (!h) return out;
  for (const k of h.keys()) {
    if (!isNatsHeader(k)) out[k] = h.get(k);
  }
  return out;
}

function msgText(m: { data: Uint8Array; string(): string }): string | undefined {
  return m.data.length === 0 ? undefined : m.string();
}

interface ConsumerRun {
  stop(): Promise<void>;
}

export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  readonly #nc: NatsConnection;
  readonly #jsm: JetStreamManager;
  readonly #js: JetStreamClient;
  readonly #log: BusLogger;
  readonly #prefix: string;
  /** The JetStream stream this bus publishes to and consumes from. */
  readonly streamName: string;
  #connected = true;
  #closed = false;
  #closing: Promise<void> | undefined;
  #runs = new Set<ConsumerRun>();

  private constructor(nc: NatsConnection, jsm: JetStreamManager, streamName: string, prefix: string, log: BusLogger) {
    this.#nc = nc;
    this.#jsm = jsm;
    this.#js = jsm.jetstream();
    this.streamName = streamName;
    this.#prefix = prefix;
    this.#log = log;
    void this.#watchStatus();
  }

  static async connect(opts: NatsBusOptions): Promise<NatsBus> {
    const log = opts.logger ?? consoleLogger;
    const ns = opts.namespace;
    if (ns !== undefined && !/^[A-Za-z0-9_-]+$/.test(ns)) {
      throw new Error(`Invalid bus namespace ${JSON.stringify(ns)} (letters, digits, _ and - only)`);
    }
    const prefix = ns ? `${ns}.` : '';
    const streamName = ns ? `${EVENTS_STREAM}_${ns}` : EVENTS_STREAM;
    const nc = await connect({
      servers: opts.url.split(',').map((s) => s.trim()),
      name: opts.name,
      maxReconnectAttempts: -1,
    });
    try {
      const jsm = await jetstreamManager(nc);
      await ensureStream(jsm, streamName, `${prefix}${EVENTS_SUBJECTS}`);
      log.debug({ stream: streamName, server: nc.getServer() }, 'bus connected to NATS');
      return new NatsBus(nc, jsm, streamName, prefix, log);
    } catch (err) {
      await nc.close().catch(() => {});
      throw err;
    }
  }

  async #watchStatus(): Promise<void> {
    for await (const s of this.#nc.status()) {
      if (s.type === 'disconnect') {
        this.#connected = false;
        this.#log.warn({ server: s.server }, 'bus disconnected from NATS');
      } else if (s.type === 'reconnect') {
        this.#connected = true;
        this.#log.info({ server: s.server }, 'bus reconnected to NATS');
      }
    }
  }

  #wire(subject: string): string {
    return this.#prefix + subject;
  }

  #logical(wireSubject: string): string {
    return this.#prefix && wireSubject.startsWith(this.#prefix) ? wireSubject.slice(this.#prefix.length) : wireSubject;
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The bus is closed');
  }

  // -- events ---------------------------------------------------------------------------------------------

  async publish(subject: string, data: unknown, opts: PublishOptions): Promise<void> {
    this.#assertOpen();
    assertSubject(subject);
    // Checked here: JetStream's answer for an uncaptured subject is a misleading "jetstream is not enabled".
    if (!subjectMatches(EVENTS_SUBJECTS, subject)) {
      throw new Error(`No stream captures subject ${subject} (events are ${EVENTS_SUBJECTS})`);
    }
    if (!opts?.msgId) throw new Error('publish: msgId is required');
    await withSendSpan(subject, SpanKind.PRODUCER, opts.headers, async (headers) => {
      const ack = await this.#js.publish(this.#wire(subject), encodeJson(data), {
        msgID: opts.msgId,
        headers: toNatsHeaders(headers),
      });
      if (ack.duplicate) this.#log.debug({ subject, msgId: opts.msgId }, 'duplicate message id, not stored again');
    });
  }

  async subscribe(opts: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    this.#assertOpen();
    assertDurable(opts.durable);
    assertFilter(opts.subject);
    const maxDeliver = Math.max(1, opts.maxDeliver ?? DEFAULT_MAX_DELIVER);
    const retryDelayMs = Math.max(0, opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
    const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
    const durable = opts.perInstance ? `${opts.durable}-${randomBytes(6).toString('hex')}` : opts.durable;
    await this.#ensureConsumer({
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: opts.perInstance ? DeliverPolicy.New : DeliverPolicy.All,
      filter_subject: this.#wire(opts.subject),
      max_deliver: maxDeliver,
      ack_wait: nanos(ACK_WAIT_MS),
      ...(opts.perInstance ? { inactive_threshold: nanos(INSTANCE_CONSUMER_IDLE_MS) } : {}),
    });
    const consumer = await this.#js.consumers.get(this.streamName, durable);
    const messages = await consumer.consume({ max_messages: Math.max(10, concurrency * 2) });
    const run = this.#run(messages, durable, handler, { maxDeliver, retryDelayMs, concurrency });
    this.#runs.add(run);
    let stopped: Promise<void> | undefined;
    return {
      stop: () =>
        (stopped ??= run.stop().finally(() => {
          this.#runs.delete(run);
        })),
    };
  }

  /** Creates the durable, or brings an existing one to this configuration. */
  async #ensureConsumer(cfg: Partial<ConsumerConfig> & { durable_name: string }): Promise<void> {
    try {
      await this.#jsm.consumers.add(this.streamName, cfg);
    } catch (err) {
      if (!(err instanceof JetStreamApiError)) throw err;
      // Exists with another configuration (an older deploy's): update what may change.
      const { durable_name, ack_policy: _a, deliver_policy: _d, ...changeable } = cfg;
      try {
        await this.#jsm.consumers.update(this.streamName, durable_name, changeable);
      } catch (err2) {
        this.#log.warn(
          { err: err2, durable: durable_name, stream: this.streamName },
          'could not update the existing durable consumer; using it as it is',
        );
      }
    }
  }

  #run(
    messages: ConsumerMessages,
    durable: string,
    handler: MessageHandler,
    o: { maxDeliver: number; retryDelayMs: number; concurrency: number },
  ): ConsumerRun {
    const inflight = new Set<Promise<void>>();
    let stopping = false;
    const loop = (async () => {
      try {
        for await (const m of messages) {
          // Received but not started when the subscription stops: give it back at once.
          if (stopping) {
            m.nak();
            continue;
          }
          while (inflight.size >= o.concurrency) await Promise.race(inflight);
          if (stopping) {
            m.nak();
            continue;
          }
          const p: Promise<void> = this.#handle(m, durable, handler, o).finally(() => inflight.delete(p));
          inflight.add(p);
        }
      } catch (err) {
        if (!stopping) this.#log.error({ err, durable }, 'bus consumer stopped with an error');
      }
    })();
    return {
      stop: async () => {
        stopping = true;
        await messages.close().catch(() => {});
        await loop;
        await Promise.allSettled([...inflight]);
      },
    };
  }

  async #handle(m: JsMsg, durable: string, handler: MessageHandler, o: { maxDeliver: number; retryDelayMs: number }): Promise<void> {
    const subject = this.#logical(m.subject);
    const headers = fromNatsHeaders(m.headers);
    const id = m.headers?.get('Nats-Msg-Id') ?? '';
    const deliveryCount = m.info.deliveryCount;
    const working = setInterval(() => m.working(), WORKING_EVERY_MS);
    try {
      let data: unknown;
      try {
        data = decodeJson(msgText(m));
      } catch (err) {
        // Will never parse: no point in retrying.
        this.#log.error({ err, subject, msgId: id, durable }, 'bus message is not JSON; dropped');
        m.term('not JSON');
        return;
      }
      const msg: BusMessage = { subject, id, data, headers, deliveryCount };
      try {
        await withProcessSpan(subject, SpanKind.CONSUMER, { ...headers }, () => handler(msg));
      } catch (err) {
        if (deliveryCount >= o.maxDeliver) {
          this.#log.error({ err, subject, msgId: id, durable, deliveryCount }, 'bus handler failed on its last delivery; message dropped');
          m.term(`failed ${deliveryCount} times`);
        } else {
          this.#log.warn({ err, subject, msgId: id, durable, deliveryCount }, 'bus handler failed; message will be delivered again');
          m.nak(o.retryDelayMs);
        }
        return;
      }
      try {
        await m.ackAck();
      } catch (err) {
        // The server will deliver it again after the ack wait: at least once.
        this.#log.warn({ err, subject, msgId: id, durable }, 'bus ack not confirmed');
      }
    } finally {
      clearInterval(working);
    }
  }

  // -- request / reply --------------------------------------------------------------------------------------

  async request<T = unknown>(subject: string, data: unknown, opts: RequestOptions = {}): Promise<T> {
    this.#assertOpen();
    assertSubject(subject);
    const timeoutMs = opts.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    return withSendSpan(subject, SpanKind.CLIENT, opts.headers, async (headers) => {
      let res: Msg;
      try {
        res = await this.#nc.request(this.#wire(subject), encodeJson(data), {
          timeout: timeoutMs,
          headers: toNatsHeaders(headers),
        });
      } catch (err) {
        if (err instanceof TimeoutError || err instanceof NoRespondersError || (err instanceof RequestError && err.isNoResponders())) {
          throw new BusTimeoutError(subject, timeoutMs);
        }
        throw err;
      }
      const body = decodeJson(msgText(res));
      if (res.headers?.get(BusHeaders.error)) throw fromErrorReply(subject, body);
      return body as T;
    });
  }

  async reply(subject: string, handler: ReplyHandler, opts: ReplyOptions = {}): Promise<Subscription> {
    this.#assertOpen();
    assertFilter(subject);
    const inflight = new Set<Promise<void>>();
    const sub: NatsSubscription = this.#nc.subscribe(this.#wire(subject), {
      queue: this.#wire(opts.queue ?? subject),
      callback: (err, msg) => {
        if (err) {
          this.#log.error({ err, subject }, 'bus reply subscription failed');
          return;
        }
        const p: Promise<void> = this.#answer(msg, handler).finally(() => inflight.delete(p));
        inflight.add(p);
      },
    });
    const run: ConsumerRun = {
      stop: async () => {
        sub.unsubscribe();
        await Promise.allSettled([...inflight]);
      },
    };
    this.#runs.add(run);
    let stopped: Promise<void> | undefined;
    return {
      stop: () =>
        (stopped ??= run.stop().finally(() => {
          this.#runs.delete(run);
        })),
    };
  }

  async #answer(msg: Msg, handler: ReplyHandler): Promise<void> {
    const subject = this.#logical(msg.subject);
    const headers = fromNatsHeaders(msg.headers);
    let body: string | undefined;
    let error = false;
    try {
      const result = await withProcessSpan(subject, SpanKind.SERVER, { ...headers }, () =>
        handler(decodeJson(msgText(msg)), { ...headers }),
      );
      body = encodeJson(result);
    } catch (err) {
      this.#log.debug({ err, subject }, 'reply handler failed; sending an error reply');
      body = JSON.stringify(toErrorReply(err));
      error = true;
    }
    if (!msg.reply) return; // a publish, not a request: nobody to answer
    try {
      const h = natsHeaders();
      if (error) h.set(BusHeaders.error, '1');
      msg.respond(body, error ? { headers: h } : undefined);
    } catch (err) {
      this.#log.warn({ err, subject }, 'could not send the reply');
    }
  }

  // -- lifecycle ----------------------------------------------------------------------------------------------

  isHealthy(): boolean {
    return !this.#closed && this.#connected && !this.#nc.isClosed();
  }

  close(): Promise<void> {
    return (this.#closing ??= this.#close());
  }

  async #close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled([...this.#runs].map((r) => r.stop()));
    this.#runs.clear();
    if (!this.#nc.isClosed()) {
      await this.#nc.drain().catch(async (err: unknown) => {
        this.#log.warn({ err }, 'NATS drain failed; closing');
        await this.#nc.close();
      });
    }
  }
}

/** Creates the events stream, or updates it to this configuration when it exists. */
async function ensureStream(jsm: JetStreamManager, name: string, subjects: string): Promise<void> {
  const config = {
    subjects: [subjects],
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(MAX_AGE_MS),
  };
  try {
    await jsm.streams.info(name);
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    try {
      await jsm.streams.add({
        name,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        ...config,
      });
      return;
    } catch (err2) {
      // Another process created it meanwhile: fall through to the update.
      if (!(err2 instanceof JetStreamApiError)) throw err2;
    }
  }
  await jsm.streams.update(name, config);
}
