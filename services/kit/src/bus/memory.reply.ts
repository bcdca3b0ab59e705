/**
 * The in-process bus's request/reply (memory.ts), as over core NATS: a request with no responder fails at once,
 * one responder per queue group answers (round robin inside the group), handlers never run in the requester's stack.
 */
import { SpanKind } from '@opentelemetry/api';
import { BusTimeoutError, type Headers, type ReplyHandler, type ReplyOptions, type RequestOptions, type Subscription } from './types.ts';
import {
  decodeJson,
  DEFAULT_REQUEST_TIMEOUT_MS,
  encodeJson,
  fromErrorReply,
  subjectMatches,
  toErrorReply,
  withProcessSpan,
  withSendSpan,
  type BusLogger,
} from './common.ts';
import type { ReplyOutcome, Responder } from './memory.state.ts';

export class MemoryReplies {
  readonly #log: BusLogger;
  #responders: Responder[] = [];
  #queueRr = new Map<string, number>();

  constructor(log: BusLogger) {
    this.#log = log;
  }

  request<T>(subject: string, data: unknown, opts: RequestOptions): Promise<T> {
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

  reply(subject: string, handler: ReplyHandler, opts: ReplyOptions): Subscription {
    const r: Responder = { subject, queue: opts.queue ?? subject, handler, inflight: new Set() };
    this.#responders.push(r);
    let stopped: Promise<void> | undefined;
    return { stop: () => (stopped ??= this.#stopResponder(r)) };
  }

  async #stopResponder(r: Responder): Promise<void> {
    this.#responders = this.#responders.filter((x) => x !== r);
    await Promise.allSettled([...r.inflight]);
  }

  /** Drops every responder; answers the replies they are still working on. */
  close(): Promise<unknown>[] {
    const pending = this.#responders.flatMap((r) => [...r.inflight]);
    this.#responders = [];
    return pending;
  }
}
