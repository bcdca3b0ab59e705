/**
 * The bus: one interface, two implementations (NATS JetStream in `nats.ts`, in-process in `memory.ts`),
 * both held to the contract suite in `test/bus.contract.ts`.
 *
 * - Events (`publish` / `subscribe`): persisted (JetStream stream `EVENTS_STREAM` over `evt.>`), deduplicated
 *   by message id, delivered at least once to every durable consumer; instances that subscribe with the same
 *   durable name share the work (a queue group). A handler that throws (or rejects) gets the message again
 *   later, up to `maxDeliver` times.
 * - Request/reply (`request` / `reply`): not persisted; a reply handler's rejection reaches the requester as a
 *   `BusRequestError` (never a timeout); no responder or no answer within the timeout is a `BusTimeoutError`.
 * - Headers travel with both (trace context, tenant: see `BusHeaders` in proto).
 */
export type Headers = Record<string, string>;

export interface BusMessage {
  subject: string;
  /** The message id given at publish (JetStream `Nats-Msg-Id`). */
  id: string;
  data: unknown;
  headers: Headers;
  /** 1 on first delivery, 2 on the first redelivery, … */
  deliveryCount: number;
  /**
   * The message's position in the stream (JetStream's stream sequence; the in-process stream's own): increasing in
   * publish order, the same for every consumer and every instance of one stream.
   */
  seq: number;
}

export interface PublishOptions {
  /** Deduplication id; publishing the same id twice within the dedup window delivers it once. */
  msgId: string;
  headers?: Headers;
}

export interface SubscribeOptions {
  /** Durable consumer name; instances with the same name share the messages (queue-group semantics). */
  durable: string;
  /** Subject filter, NATS wildcards allowed (`evt.customers.>`, `evt.*.invoice.paid`). */
  subject: string;
  /** Deliveries before a message is given up (logged and dropped). Default 10. */
  maxDeliver?: number;
  /** Delay before a failed message is delivered again. Default 1000 ms. */
  retryDelayMs?: number;
  /** Messages being handled at once by this instance. Default 1 (in order). */
  concurrency?: number;
  /**
   * Every instance gets every message published from now on (a cache each replica must invalidate), instead of
   * sharing them: the consumer is this instance's alone (`durable` + a random suffix), starts at new messages, and
   * NATS removes it once the instance has been gone for `INSTANCE_CONSUMER_IDLE_MS`.
   */
  perInstance?: boolean;
  /**
   * At most once, without acknowledgements (JetStream `AckPolicy.None`): each message is delivered once and counts as
   * handled when it is handed over, whatever the handler does. Only for a per-instance listener that tolerates a lost
   * message (a live feed that resets its clients on a gap): it saves an ack per message on both ends. Implies
   * `maxDeliver: 1`.
   */
  unacknowledged?: boolean;
}

/** How long a per-instance consumer outlives its instance (then JetStream deletes it). */
export const INSTANCE_CONSUMER_IDLE_MS = 10 * 60_000;

export interface RequestOptions {
  timeoutMs?: number;
  headers?: Headers;
}

export interface ReplyOptions {
  /** Queue group: one responder of the group answers each request. Default: the subject. */
  queue?: string;
}

export interface Subscription {
  /** Stops receiving; messages in flight finish first. A durable consumer keeps its position. */
  stop(): Promise<void>;
}

export type MessageHandler = (msg: BusMessage) => Promise<void>;
export type ReplyHandler = (data: unknown, headers: Headers) => Promise<unknown>;

export interface Bus {
  readonly kind: 'nats' | 'memory';
  publish(subject: string, data: unknown, opts: PublishOptions): Promise<void>;
  subscribe(opts: SubscribeOptions, handler: MessageHandler): Promise<Subscription>;
  request<T = unknown>(subject: string, data: unknown, opts?: RequestOptions): Promise<T>;
  reply(subject: string, handler: ReplyHandler, opts?: ReplyOptions): Promise<Subscription>;
  /** True while connected (used by /readyz). */
  isHealthy(): boolean;
  /** Stops every subscription (draining in-flight handlers) and closes the connection. */
  close(): Promise<void>;
}

/** The responder's handler rejected; `code`/`statusCode` come from the responder's error when it had them. */
export class BusRequestError extends Error {
  readonly subject: string;
  readonly statusCode: number;
  readonly code: string;
  /** The responder's field issues, when its error had them (a 400 naming fields). */
  readonly issues?: { path: string; message: string }[];
  constructor(subject: string, message: string, statusCode = 500, code = 'Error', issues?: { path: string; message: string }[]) {
    super(message);
    this.name = 'BusRequestError';
    this.subject = subject;
    this.statusCode = statusCode;
    this.code = code;
    if (issues) this.issues = issues;
  }
}

/** No responder, or no answer in time. */
export class BusTimeoutError extends Error {
  readonly subject: string;
  constructor(subject: string, timeoutMs: number) {
    super(`No reply on ${subject} within ${timeoutMs} ms`);
    this.name = 'BusTimeoutError';
    this.subject = subject;
  }
}
