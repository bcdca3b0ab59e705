/**
 * NATS bus: events on JetStream (one stream over `evt.>`, a durable pull consumer per durable name),
 * request/reply on core NATS. Semantics in `types.ts`; held to the contract suite in `test/bus.contract.ts`.
 * The consumer run loop is in `nats.consumer.ts`, stream and consumer management in `nats.stream.ts`,
 * request/reply in `nats.reply.ts`.
 */
import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM, EVENTS_SUBJECTS } from '@billpoint/proto';
import {
  INSTANCE_CONSUMER_IDLE_MS,
  type Bus,
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
  DEFAULT_MAX_DELIVER,
  DEFAULT_RETRY_DELAY_MS,
  encodeJson,
  subjectMatches,
  withSendSpan,
  type BusLogger,
} from './common.ts';
import { ACK_WAIT_MS, runConsumer, type ConsumerRun, type RunContext } from './nats.consumer.ts';
import { sendRequest, serveReplies } from './nats.reply.ts';
import { ensureConsumer, ensureStream } from './nats.stream.ts';
import { toNatsHeaders } from './nats.wire.ts';

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
  readonly #ctx: RunContext;

  private constructor(nc: NatsConnection, jsm: JetStreamManager, streamName: string, prefix: string, log: BusLogger) {
    this.#nc = nc;
    this.#jsm = jsm;
    this.#js = jsm.jetstream();
    this.streamName = streamName;
    this.#prefix = prefix;
    this.#log = log;
    this.#ctx = { log, logical: (wireSubject) => this.#logical(wireSubject) };
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
      // Every request (each JetStream publish's ack, each RPC) would otherwise build an Error up front to keep the
      // caller's stack for a later timeout: 9 % of billing's CPU in the create bench. Our errors name subject and msgId.
      noAsyncTraces: true,
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
    const unacknowledged = opts.unacknowledged === true;
    if (unacknowledged && !opts.perInstance) throw new Error('subscribe: unacknowledged is for per-instance consumers only');
    const maxDeliver = unacknowledged ? 1 : Math.max(1, opts.maxDeliver ?? DEFAULT_MAX_DELIVER);
    const retryDelayMs = Math.max(0, opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
    const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
    const durable = opts.perInstance ? `${opts.durable}-${randomBytes(6).toString('hex')}` : opts.durable;
    await ensureConsumer(
      this.#jsm,
      this.streamName,
      {
        durable_name: durable,
        ack_policy: unacknowledged ? AckPolicy.None : AckPolicy.Explicit,
        deliver_policy: opts.perInstance ? DeliverPolicy.New : DeliverPolicy.All,
        filter_subject: this.#wire(opts.subject),
        max_deliver: maxDeliver,
        ack_wait: nanos(ACK_WAIT_MS),
        ...(opts.perInstance ? { inactive_threshold: nanos(INSTANCE_CONSUMER_IDLE_MS) } : {}),
      },
      this.#log,
    );
    const consumer = await this.#js.consumers.get(this.streamName, durable);
    // Unacknowledged messages cost the server nothing to keep track of: pull them in larger batches (fewer pulls).
    const messages = await consumer.consume({ max_messages: unacknowledged ? 256 : Math.max(10, concurrency * 2) });
    return this.#track(runConsumer(messages, durable, handler, { maxDeliver, retryDelayMs, concurrency, unacknowledged }, this.#ctx));
  }

  /** Keeps `run` until it stops, so that closing the bus stops it; the subscription stops it once. */
  #track(run: ConsumerRun): Subscription {
    this.#runs.add(run);
    let stopped: Promise<void> | undefined;
    return {
      stop: () =>
        (stopped ??= run.stop().finally(() => {
          this.#runs.delete(run);
        })),
    };
  }

  // -- request / reply --------------------------------------------------------------------------------------

  async request<T = unknown>(subject: string, data: unknown, opts: RequestOptions = {}): Promise<T> {
    this.#assertOpen();
    assertSubject(subject);
    return sendRequest<T>(this.#nc, subject, this.#wire(subject), data, opts);
  }

  async reply(subject: string, handler: ReplyHandler, opts: ReplyOptions = {}): Promise<Subscription> {
    this.#assertOpen();
    assertFilter(subject);
    const wire = { subject: this.#wire(subject), queue: this.#wire(opts.queue ?? subject) };
    return this.#track(serveReplies(this.#nc, subject, wire, handler, this.#ctx));
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
