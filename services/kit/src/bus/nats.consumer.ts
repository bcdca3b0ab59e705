/** The NATS bus's JetStream consumer run loop (nats.ts): bounded concurrency, ack / nak with delay / term. */
import { SpanKind } from '@opentelemetry/api';
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { BusMessage, MessageHandler } from './types.ts';
import { decodeJson, withProcessSpan, type BusLogger } from './common.ts';
import { fromNatsHeaders, msgText } from './nats.wire.ts';

/** JetStream's ack wait; a longer-running handler tells the server it is still working. */
export const ACK_WAIT_MS = 30_000;
const WORKING_EVERY_MS = 10_000;

/** A running consumer or reply subscription, stopped by the subscription or when the bus closes. */
export interface ConsumerRun {
  stop(): Promise<void>;
}

/** What a run needs of its bus: its logger, and the logical subject of a wire subject (the namespace taken off). */
export interface RunContext {
  log: BusLogger;
  logical(wireSubject: string): string;
}

export function runConsumer(
  messages: ConsumerMessages,
  durable: string,
  handler: MessageHandler,
  o: { maxDeliver: number; retryDelayMs: number; concurrency: number; unacknowledged?: boolean },
  ctx: RunContext,
): ConsumerRun {
  const inflight = new Set<Promise<void>>();
  let stopping = false;
  const loop = (async () => {
    try {
      for await (const m of messages) {
        // Received but not started when the subscription stops: give it back at once.
        if (stopping) {
          if (!o.unacknowledged) m.nak();
          continue;
        }
        while (inflight.size >= o.concurrency) await Promise.race(inflight);
        if (stopping) {
          if (!o.unacknowledged) m.nak();
          continue;
        }
        const p: Promise<void> = handle(m, durable, handler, o, ctx).finally(() => inflight.delete(p));
        inflight.add(p);
      }
    } catch (err) {
      if (!stopping) ctx.log.error({ err, durable }, 'bus consumer stopped with an error');
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

async function handle(
  m: JsMsg,
  durable: string,
  handler: MessageHandler,
  o: { maxDeliver: number; retryDelayMs: number; unacknowledged?: boolean },
  ctx: RunContext,
): Promise<void> {
  if (o.unacknowledged) return handleUnacknowledged(m, durable, handler, ctx);
  const subject = ctx.logical(m.subject);
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
      ctx.log.error({ err, subject, msgId: id, durable }, 'bus message is not JSON; dropped');
      m.term('not JSON');
      return;
    }
    const msg: BusMessage = { subject, id, data, headers, deliveryCount, seq: m.seq };
    try {
      await withProcessSpan(subject, SpanKind.CONSUMER, { ...headers }, () => handler(msg));
    } catch (err) {
      if (deliveryCount >= o.maxDeliver) {
        ctx.log.error({ err, subject, msgId: id, durable, deliveryCount }, 'bus handler failed on its last delivery; message dropped');
        m.term(`failed ${deliveryCount} times`);
      } else {
        ctx.log.warn({ err, subject, msgId: id, durable, deliveryCount }, 'bus handler failed; message will be delivered again');
        m.nak(o.retryDelayMs);
      }
      return;
    }
    // A plain ack, not a confirmed one (ackAck): no round trip per message, and the client sends the acks of a burst
    // together. Should one be lost, the server delivers the message again after the ack wait (at least once), and
    // consumers are idempotent (consumeEvents' processed-messages log).
    m.ack();
  } finally {
    clearInterval(working);
  }
}

/** A message of an unacknowledged consumer: handled once, nothing sent back whatever happens. */
async function handleUnacknowledged(m: JsMsg, durable: string, handler: MessageHandler, ctx: RunContext): Promise<void> {
  const subject = ctx.logical(m.subject);
  const id = m.headers?.get('Nats-Msg-Id') ?? '';
  try {
    const data = decodeJson(msgText(m));
    const msg: BusMessage = { subject, id, data, headers: fromNatsHeaders(m.headers), deliveryCount: 1, seq: m.seq };
    await withProcessSpan(subject, SpanKind.CONSUMER, { ...msg.headers }, () => handler(msg));
  } catch (err) {
    ctx.log.warn({ err, subject, msgId: id, durable }, 'bus handler failed on an unacknowledged consumer; message dropped');
  }
}
