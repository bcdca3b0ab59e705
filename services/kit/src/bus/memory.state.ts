/** The in-process bus's internal state (memory.ts). */
import type { Headers, MessageHandler, ReplyHandler } from './types.ts';
import type { ErrorReply } from './common.ts';

export interface LogEntry {
  seq: number;
  subject: string;
  id: string;
  payload: string | undefined;
  headers: Headers;
  time: number;
}

export interface MemSub {
  durable: Durable;
  handler: MessageHandler;
  concurrency: number;
  inflight: Set<Promise<void>>;
  /** Its durable is its own (SubscribeOptions.perInstance) and ends with it. */
  perInstance: boolean;
}

export interface Durable {
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

export interface Responder {
  subject: string;
  queue: string;
  handler: ReplyHandler;
  inflight: Set<Promise<unknown>>;
}

export type ReplyOutcome = { ok: true; body: string | undefined } | { ok: false; error: ErrorReply };
