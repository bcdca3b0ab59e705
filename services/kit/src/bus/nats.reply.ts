/** Request/reply of the NATS bus on core NATS (nats.ts): errors travel as an error reply, no responders is a timeout. */
import { SpanKind } from '@opentelemetry/api';
import {
  NoRespondersError,
  RequestError,
  TimeoutError,
  headers as natsHeaders,
  type Msg,
  type NatsConnection,
  type Subscription as NatsSubscription,
} from '@nats-io/transport-node';
import { BusHeaders } from '@billpoint/proto';
import { BusTimeoutError, type ReplyHandler, type RequestOptions } from './types.ts';
import {
  decodeJson,
  DEFAULT_REQUEST_TIMEOUT_MS,
  encodeJson,
  fromErrorReply,
  toErrorReply,
  withProcessSpan,
  withSendSpan,
} from './common.ts';
import type { ConsumerRun, RunContext } from './nats.consumer.ts';
import { fromNatsHeaders, msgText, toNatsHeaders } from './nats.wire.ts';

/** Sends a request on `wireSubject` (the namespaced `subject`) and answers the reply's body, or throws its error. */
export function sendRequest<T>(nc: NatsConnection, subject: string, wireSubject: string, data: unknown, opts: RequestOptions): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return withSendSpan(subject, SpanKind.CLIENT, opts.headers, async (headers) => {
    let res: Msg;
    try {
      res = await nc.request(wireSubject, encodeJson(data), {
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

/** Answers the requests on `wire.subject` in queue group `wire.queue` with `handler` until stopped. */
export function serveReplies(
  nc: NatsConnection,
  subject: string,
  wire: { subject: string; queue: string },
  handler: ReplyHandler,
  ctx: RunContext,
): ConsumerRun {
  const inflight = new Set<Promise<void>>();
  const sub: NatsSubscription = nc.subscribe(wire.subject, {
    queue: wire.queue,
    callback: (err, msg) => {
      if (err) {
        ctx.log.error({ err, subject }, 'bus reply subscription failed');
        return;
      }
      const p: Promise<void> = answer(msg, handler, ctx).finally(() => inflight.delete(p));
      inflight.add(p);
    },
  });
  return {
    stop: async () => {
      sub.unsubscribe();
      await Promise.allSettled([...inflight]);
    },
  };
}

async function answer(msg: Msg, handler: ReplyHandler, ctx: RunContext): Promise<void> {
  const subject = ctx.logical(msg.subject);
  const headers = fromNatsHeaders(msg.headers);
  let body: string | undefined;
  let error = false;
  try {
    const result = await withProcessSpan(subject, SpanKind.SERVER, { ...headers }, () => handler(decodeJson(msgText(msg)), { ...headers }));
    body = encodeJson(result);
  } catch (err) {
    ctx.log.debug({ err, subject }, 'reply handler failed; sending an error reply');
    body = JSON.stringify(toErrorReply(err));
    error = true;
  }
  if (!msg.reply) return; // a publish, not a request: nobody to answer
  try {
    const h = natsHeaders();
    if (error) h.set(BusHeaders.error, '1');
    msg.respond(body, error ? { headers: h } : undefined);
  } catch (err) {
    ctx.log.warn({ err, subject }, 'could not send the reply');
  }
}
