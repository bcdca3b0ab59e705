/**
 * The bus contract: every Bus implementation passes these same tests (`bus.memory.test.ts`,
 * `bus.nats.test.ts`). Each test makes its own bus (for NATS: its own namespace, so its own stream) and
 * closes it. Conditions are awaited by polling, never by fixed sleeps.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { BusHeaders } from '@billpoint/proto';
import { BusRequestError, BusTimeoutError, type Bus, type BusLogger, type BusMessage, type Subscription } from '../src/bus/index.ts';

export interface MakeBusOptions {
  logger?: BusLogger;
}
export type MakeBus = (opts?: MakeBusOptions) => Promise<Bus>;

interface LogLine {
  level: 'info' | 'warn' | 'error' | 'debug';
  obj: object;
  msg?: string;
}

function recordingLogger(): { logger: BusLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj, msg });
    };
  return { logger: { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') }, lines };
}

function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Waits (polling) until `cond` holds. */
async function until(cond: () => boolean, timeout = 10_000): Promise<void> {
  await expect.poll(cond, { timeout, interval: 5 }).toBe(true);
}

let seq = 0;
const uid = (p: string): string => `${p}-${process.pid}-${Date.now().toString(36)}-${++seq}`;

export function busContract(name: string, makeBus: MakeBus): void {
  describe(`bus contract: ${name}`, () => {
    const open: Bus[] = [];
    /** A bus for this test, closed after it. */
    const bus = async (opts?: MakeBusOptions): Promise<Bus> => {
      // Handler failures are expected in some tests: keep their log lines out of the output.
      const b = await makeBus({ logger: opts?.logger ?? recordingLogger().logger });
      open.push(b);
      return b;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((b) => b.close()));
    });

    // Small retry delay: redelivery tests stay fast on JetStream as well.
    const fast = { retryDelayMs: 100 };

    it('publish → subscribe delivers subject, data, id, headers and deliveryCount 1, never inside publish', async () => {
      const b = await bus();
      expect(b.isHealthy()).toBe(true);
      const got: BusMessage[] = [];
      let publishing = false;
      let deliveredWhilePublishing = false;
      await b.subscribe({ durable: 'basic', subject: 'evt.test.thing.created', ...fast }, async (m) => {
        if (publishing) deliveredWhilePublishing = true;
        got.push(m);
      });
      const headers = { [BusHeaders.tenant]: 'tenant-1', 'x-custom': 'v' };
      const id = uid('m');
      publishing = true;
      const p = b.publish('evt.test.thing.created', { a: 1, nested: { b: [1, 2] } }, { msgId: id, headers });
      publishing = false;
      await p;
      await until(() => got.length === 1);
      expect(deliveredWhilePublishing).toBe(false);
      const m = got[0]!;
      expect(m.subject).toBe('evt.test.thing.created');
      expect(m.id).toBe(id);
      expect(m.data).toEqual({ a: 1, nested: { b: [1, 2] } });
      expect(m.deliveryCount).toBe(1);
      expect(m.headers[BusHeaders.tenant]).toBe('tenant-1');
      expect(m.headers['x-custom']).toBe('v');
      // The caller's headers object is neither kept nor modified.
      expect(headers).toEqual({ [BusHeaders.tenant]: 'tenant-1', 'x-custom': 'v' });
      expect(m.headers).not.toBe(headers);
    });

    it('publishing outside the events subjects is refused', async () => {
      const b = await bus();
      await expect(b.publish('cmd.test.nostream', {}, { msgId: uid('n') })).rejects.toThrow();
      await expect(b.publish('evt.test.*', {}, { msgId: uid('n') })).rejects.toThrow();
    });

    it('the same msgId published twice is handled once', async () => {
      const b = await bus();
      const got: string[] = [];
      await b.subscribe({ durable: 'dedup', subject: 'evt.test.dedup.>', ...fast }, async (m) => {
        got.push(`${m.id}:${(m.data as { n: number }).n}`);
      });
      const a = uid('a');
      await b.publish('evt.test.dedup.x', { n: 1 }, { msgId: a });
      await b.publish('evt.test.dedup.x', { n: 2 }, { msgId: a });
      const c = uid('c');
      await b.publish('evt.test.dedup.x', { n: 3 }, { msgId: c });
      await until(() => got.includes(`${c}:3`));
      expect(got).toEqual([`${a}:1`, `${c}:3`]);
    });

    it('subject filters with * and > wildcards', async () => {
      const b = await bus();
      const star: string[] = [];
      const gt: string[] = [];
      await b.subscribe({ durable: 'star', subject: 'evt.w.*.created', ...fast }, async (m) => {
        star.push(m.subject);
      });
      await b.subscribe({ durable: 'gt', subject: 'evt.w.>', ...fast }, async (m) => {
        gt.push(m.subject);
      });
      for (const s of ['evt.w.a.created', 'evt.w.b.deleted', 'evt.w.a.b.created', 'evt.x.a.created', 'evt.w.z.created']) {
        await b.publish(s, {}, { msgId: uid(s) });
      }
      await until(() => star.includes('evt.w.z.created') && gt.includes('evt.w.z.created'));
      expect(star).toEqual(['evt.w.a.created', 'evt.w.z.created']);
      expect(gt).toEqual(['evt.w.a.created', 'evt.w.b.deleted', 'evt.w.a.b.created', 'evt.w.z.created']);
    });

    it('two different durables each get every message, each its own copy', async () => {
      const b = await bus();
      const one: BusMessage[] = [];
      const two: BusMessage[] = [];
      await b.subscribe({ durable: 'one', subject: 'evt.test.fan.*', ...fast }, async (m) => {
        one.push(structuredClone(m));
        // Changing what a handler got must not reach any other handler.
        (m.data as { n: number }).n = -1;
        m.headers[BusHeaders.tenant] = 'changed';
      });
      await b.subscribe({ durable: 'two', subject: 'evt.test.fan.*', ...fast }, async (m) => {
        two.push(structuredClone(m));
        (m.data as { n: number }).n = -1;
        m.headers[BusHeaders.tenant] = 'changed';
      });
      for (let n = 0; n < 5; n++) {
        await b.publish('evt.test.fan.x', { n }, { msgId: uid('f'), headers: { [BusHeaders.tenant]: 't' } });
      }
      await until(() => one.length === 5 && two.length === 5);
      for (const list of [one, two]) {
        expect(list.map((m) => (m.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
        expect(list.every((m) => m.headers[BusHeaders.tenant] === 't')).toBe(true);
      }
      // The stream sequence: increasing in publish order, the same message at the same position for every consumer.
      const seqs = one.map((m) => m.seq);
      expect(seqs.every((s, i) => Number.isInteger(s) && s > 0 && (i === 0 || s > seqs[i - 1]!))).toBe(true);
      expect(two.map((m) => m.seq)).toEqual(seqs);
    });

    it('a durable created after publishing still gets the earlier messages', async () => {
      const b = await bus();
      for (let n = 0; n < 3; n++) await b.publish('evt.test.late.x', { n }, { msgId: uid('l') });
      const got: number[] = [];
      await b.subscribe({ durable: 'late', subject: 'evt.test.late.x', ...fast }, async (m) => {
        got.push((m.data as { n: number }).n);
      });
      await until(() => got.length === 3);
      expect(got).toEqual([0, 1, 2]);
    });

    it('subscriptions with the same durable share the messages: each handled exactly once', async () => {
      const b = await bus();
      const counts = new Map<number, number>();
      const handler = async (m: BusMessage): Promise<void> => {
        const n = (m.data as { n: number }).n;
        counts.set(n, (counts.get(n) ?? 0) + 1);
        await new Promise<void>((r) => setImmediate(r));
      };
      await b.subscribe({ durable: 'shared', subject: 'evt.test.shared.x', ...fast }, handler);
      await b.subscribe({ durable: 'shared', subject: 'evt.test.shared.x', ...fast }, handler);
      for (let n = 0; n < 20; n++) await b.publish('evt.test.shared.x', { n }, { msgId: uid('s') });
      const total = (): number => [...counts.values()].reduce((a, c) => a + c, 0);
      await until(() => total() >= 20);
      // One more message after the 20: when it is handled, nothing of the 20 is still under way.
      await b.publish('evt.test.shared.x', { n: 99 }, { msgId: uid('s') });
      await until(() => counts.has(99));
      expect([...counts.keys()].sort((x, y) => x - y)).toEqual([...Array(20).keys(), 99]);
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
    });

    it('perInstance: every instance gets every message published after it subscribed, not the earlier ones', async () => {
      const b = await bus();
      await b.publish('evt.test.inst.x', { n: -1 }, { msgId: uid('i') }); // before anyone listened: nobody's
      const a: number[] = [];
      const c: number[] = [];
      const subA = await b.subscribe({ durable: 'cache', subject: 'evt.test.inst.x', perInstance: true, ...fast }, async (m) => {
        a.push((m.data as { n: number }).n);
      });
      await b.subscribe({ durable: 'cache', subject: 'evt.test.inst.x', perInstance: true, ...fast }, async (m) => {
        c.push((m.data as { n: number }).n);
      });
      for (let n = 0; n < 5; n++) await b.publish('evt.test.inst.x', { n }, { msgId: uid('i') });
      await until(() => a.length === 5 && c.length === 5);
      expect(a).toEqual([0, 1, 2, 3, 4]);
      expect(c).toEqual([0, 1, 2, 3, 4]);
      // A stopped instance's consumer is its own: the other keeps getting everything.
      await subA.stop();
      await b.publish('evt.test.inst.x', { n: 5 }, { msgId: uid('i') });
      await until(() => c.length === 6);
      expect(a).toHaveLength(5);
    });

    it('unacknowledged: a per-instance listener gets each message once, in order, and a failure is not delivered again', async () => {
      const b = await bus();
      await expect(b.subscribe({ durable: 'live', subject: 'evt.test.live.x', unacknowledged: true }, async () => {})).rejects.toThrow(
        /per-instance/,
      );
      const seen: number[] = [];
      await b.subscribe({ durable: 'live', subject: 'evt.test.live.x', perInstance: true, unacknowledged: true, ...fast }, async (m) => {
        const n = (m.data as { n: number }).n;
        seen.push(n);
        if (n === 1) throw new Error('handler fails once');
      });
      for (let n = 0; n < 4; n++) await b.publish('evt.test.live.x', { n }, { msgId: uid('l') });
      await until(() => seen.length >= 4);
      // One more message after the four: when it is seen, a redelivery of the failed one would have come before it.
      await b.publish('evt.test.live.x', { n: 99 }, { msgId: uid('l') });
      await until(() => seen.includes(99));
      expect(seen).toEqual([0, 1, 2, 3, 99]);
    });

    it('a stopped durable resumes where it left off: gets what it missed, not what it acknowledged', async () => {
      const b = await bus();
      const first: string[] = [];
      const sub = await b.subscribe({ durable: 'resume', subject: 'evt.test.resume.x', ...fast }, async (m) => {
        first.push((m.data as { v: string }).v);
      });
      await b.publish('evt.test.resume.x', { v: 'm1' }, { msgId: uid('r') });
      await until(() => first.length === 1);
      await sub.stop();
      await b.publish('evt.test.resume.x', { v: 'm2' }, { msgId: uid('r') });
      const second: string[] = [];
      await b.subscribe({ durable: 'resume', subject: 'evt.test.resume.x', ...fast }, async (m) => {
        second.push((m.data as { v: string }).v);
      });
      await until(() => second.length === 1);
      await b.publish('evt.test.resume.x', { v: 'm3' }, { msgId: uid('r') });
      await until(() => second.length === 2);
      expect(first).toEqual(['m1']);
      expect(second).toEqual(['m2', 'm3']);
    });

    it('a handler that throws gets the message again with deliveryCount 2', async () => {
      const b = await bus();
      const seen: BusMessage[] = [];
      await b.subscribe({ durable: 'retry', subject: 'evt.test.retry.x', ...fast }, async (m) => {
        seen.push(m);
        if (m.deliveryCount === 1) throw new Error('transient');
      });
      const id = uid('t');
      await b.publish('evt.test.retry.x', { k: 'v' }, { msgId: id, headers: { [BusHeaders.tenant]: 'tt' } });
      await until(() => seen.length === 2);
      expect(seen.map((m) => m.deliveryCount)).toEqual([1, 2]);
      for (const m of seen) {
        expect(m.id).toBe(id);
        expect(m.data).toEqual({ k: 'v' });
        expect(m.headers[BusHeaders.tenant]).toBe('tt');
      }
    });

    it('maxDeliver: a message that keeps failing is given up (with a log line) after maxDeliver deliveries', async () => {
      const { logger, lines } = recordingLogger();
      const b = await bus({ logger });
      const counts: number[] = [];
      let markerSeen = false;
      await b.subscribe({ durable: 'maxdel', subject: 'evt.test.maxdel.*', maxDeliver: 3, ...fast }, async (m) => {
        if (m.subject === 'evt.test.maxdel.marker') {
          markerSeen = true;
          return;
        }
        counts.push(m.deliveryCount);
        throw new Error('permanent');
      });
      await b.publish('evt.test.maxdel.x', {}, { msgId: uid('d') });
      await until(() => lines.some((l) => l.level === 'error'));
      // Given up: a later message still flows, the failed one does not come back.
      await b.publish('evt.test.maxdel.marker', {}, { msgId: uid('d') });
      await until(() => markerSeen);
      expect(counts).toEqual([1, 2, 3]);
    });

    it('concurrency: at most `concurrency` handlers at once per instance', async () => {
      const b = await bus();
      let running = 0;
      let maxRunning = 0;
      let done = 0;
      const gate = deferred();
      await b.subscribe({ durable: 'conc', subject: 'evt.test.conc.x', concurrency: 3, ...fast }, async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await gate.promise;
        running--;
        done++;
      });
      for (let n = 0; n < 6; n++) await b.publish('evt.test.conc.x', { n }, { msgId: uid('c') });
      await until(() => running === 3);
      gate.resolve();
      await until(() => done === 6);
      expect(maxRunning).toBe(3);
    });

    it('request/reply: the answer comes back, headers pass through', async () => {
      const b = await bus();
      await b.reply('rpc.test.add', async (data, headers) => {
        const { a, c } = data as { a: number; c: number };
        return { sum: a + c, tenant: headers[BusHeaders.tenant] };
      });
      const headers = { [BusHeaders.tenant]: 'tenant-9' };
      const res = await b.request<{ sum: number; tenant: string }>('rpc.test.add', { a: 2, c: 3 }, { headers });
      expect(res).toEqual({ sum: 5, tenant: 'tenant-9' });
      expect(headers).toEqual({ [BusHeaders.tenant]: 'tenant-9' });
    });

    it("a reply handler's rejection reaches the requester as BusRequestError, at once", async () => {
      const b = await bus();
      await b.reply('rpc.test.fail', async (data) => {
        if ((data as { kind: string }).kind === 'notfound') {
          throw Object.assign(new Error('Customer not found'), { statusCode: 404, name: 'NotFoundError' });
        }
        throw new Error('boom');
      });
      const started = Date.now();
      const err = await b.request('rpc.test.fail', { kind: 'notfound' }, { timeoutMs: 5000 }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(err).toBeInstanceOf(BusRequestError);
      expect(err).toMatchObject({
        message: 'Customer not found',
        statusCode: 404,
        code: 'NotFoundError',
        subject: 'rpc.test.fail',
      });
      const err2 = await b.request('rpc.test.fail', { kind: 'other' }, { timeoutMs: 5000 }).catch((e: unknown) => e);
      expect(err2).toBeInstanceOf(BusRequestError);
      expect(err2).toMatchObject({ message: 'boom', statusCode: 500 });
    });

    it('no responder, or no answer in time → BusTimeoutError', async () => {
      const b = await bus();
      const err = await b.request('rpc.test.nobody', {}, { timeoutMs: 500 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusTimeoutError);
      expect((err as BusTimeoutError).subject).toBe('rpc.test.nobody');

      const release = deferred();
      let answered = false;
      const slow: Subscription = await b.reply('rpc.test.slow', async () => {
        await release.promise;
        answered = true;
        return 'late';
      });
      const started = Date.now();
      const err2 = await b.request('rpc.test.slow', {}, { timeoutMs: 300 }).catch((e: unknown) => e);
      expect(err2).toBeInstanceOf(BusTimeoutError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      release.resolve();
      await slow.stop();
      expect(answered).toBe(true);
    });

    it('close() waits for an in-flight handler', async () => {
      const b = await makeBus({ logger: recordingLogger().logger });
      const started = deferred();
      const release = deferred();
      let finished = false;
      await b.subscribe({ durable: 'inflight', subject: 'evt.test.inflight.x', ...fast }, async () => {
        started.resolve();
        await release.promise;
        finished = true;
      });
      await b.publish('evt.test.inflight.x', {}, { msgId: uid('i') });
      await started.promise;
      let closed = false;
      const closing = b.close().then(() => {
        closed = true;
      });
      // The handler is blocked, so close() cannot have finished; a few turns of the event loop to be sure.
      for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
      expect(closed).toBe(false);
      release.resolve();
      await closing;
      expect(finished).toBe(true);
      expect(b.isHealthy()).toBe(false);
    });

    describe('trace context', () => {
      const exporter = new InMemorySpanExporter();
      const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
      beforeAll(() => {
        context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
        propagation.setGlobalPropagator(new W3CTraceContextPropagator());
        trace.setGlobalTracerProvider(provider);
      });
      afterAll(async () => {
        await provider.shutdown();
        trace.disable();
        propagation.disable();
        context.disable();
      });

      it('travels in the headers: handlers run in a child span of the publisher/requester', async () => {
        const b = await bus();
        const tracer = trace.getTracer('contract-test');
        let handlerTraceId: string | undefined;
        let handlerHeaders: Record<string, string> = {};
        await b.subscribe({ durable: 'traced', subject: 'evt.test.traced.x', ...fast }, async (m) => {
          handlerTraceId = trace.getActiveSpan()?.spanContext().traceId;
          handlerHeaders = m.headers;
        });
        let replyTraceId: string | undefined;
        await b.reply('rpc.test.traced', async (_data, headers) => {
          replyTraceId = trace.getActiveSpan()?.spanContext().traceId;
          return headers[BusHeaders.tenant];
        });
        const userHeaders = { [BusHeaders.tenant]: 'tenant-t' };
        const { traceId, answer } = await tracer.startActiveSpan('root', async (root) => {
          await b.publish('evt.test.traced.x', {}, { msgId: uid('tr'), headers: userHeaders });
          const answer = await b.request('rpc.test.traced', {}, { headers: userHeaders });
          root.end();
          return { traceId: root.spanContext().traceId, answer };
        });
        await until(() => handlerTraceId !== undefined);
        expect(answer).toBe('tenant-t');
        expect(userHeaders).toEqual({ [BusHeaders.tenant]: 'tenant-t' });
        expect(handlerHeaders[BusHeaders.tenant]).toBe('tenant-t');
        expect(handlerHeaders[BusHeaders.traceparent]).toContain(traceId);
        expect(handlerTraceId).toBe(traceId);
        expect(replyTraceId).toBe(traceId);

        await until(() => exporter.getFinishedSpans().some((s) => s.name === 'evt.test.traced.x process'));
        const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
        const pub = spans.find((s) => s.name === 'evt.test.traced.x publish');
        const proc = spans.find((s) => s.name === 'evt.test.traced.x process');
        expect(pub?.kind).toBe(SpanKind.PRODUCER);
        expect(proc?.kind).toBe(SpanKind.CONSUMER);
        expect(proc?.parentSpanContext?.spanId).toBe(pub?.spanContext().spanId);
        const req = spans.find((s) => s.name === 'rpc.test.traced publish');
        expect(req?.kind).toBe(SpanKind.CLIENT);
      });
    });
  });
}
