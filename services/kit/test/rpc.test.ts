import { afterAll, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { defineRpc } from '@billpoint/proto';
import {
  BadGateway,
  BusRequestError,
  Conflict,
  Invalid,
  MemoryBus,
  NatsBus,
  NotFound,
  ServiceUnavailable,
  rpcCall,
  rpcRespond,
  toErrorBody,
  type Bus,
} from '../src/index.ts';
import { deleteNatsNamespace, randomName, TEST_NATS_URL } from './support/index.ts';

const Add = defineRpc({
  subject: 'rpc.kittest.add',
  service: 'kittest',
  request: z.strictObject({ a: z.number(), b: z.number().default(0) }),
  response: z.object({ sum: z.number() }),
});
/** The same subject as an older caller might see it: a looser request schema (version skew). */
const LooseAdd = defineRpc({
  subject: 'rpc.kittest.add',
  service: 'kittest',
  request: z.object({ a: z.unknown() }),
  response: Add.response,
});
const Find = defineRpc({
  subject: 'rpc.kittest.find',
  service: 'kittest',
  request: z.object({ id: z.number().int() }),
  response: z.object({ id: z.number(), name: z.string() }),
});

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const namespaces: string[] = [];
afterAll(async () => {
  for (const ns of namespaces) await deleteNatsNamespace(ns);
});

const buses: [string, () => Promise<Bus>][] = [
  ['memory', async () => new MemoryBus({ logger: quiet })],
  [
    'nats',
    async () => {
      const ns = randomName('rpc');
      namespaces.push(ns);
      return NatsBus.connect({ url: TEST_NATS_URL, name: 'rpc-test', namespace: ns, logger: quiet });
    },
  ],
];

describe.each(buses)('rpc over the %s bus', (_name, makeBus) => {
  const withBus = async (fn: (bus: Bus) => Promise<void>) => {
    const bus = await makeBus();
    try {
      await fn(bus);
    } finally {
      await bus.close();
    }
  };

  it('round-trips a typed request with its headers; defaults of the request schema apply', () =>
    withBus(async (bus) => {
      const seenHeaders: (string | undefined)[] = [];
      await rpcRespond(bus, Add, async ({ a, b }, headers) => {
        seenHeaders.push(headers['x-test']);
        return { sum: a + b };
      });
      expect(await rpcCall(bus, Add, { a: 2, b: 3 }, { headers: { 'x-test': 'yes' } })).toEqual({ sum: 5 });
      expect(await rpcCall(bus, Add, { a: 2 })).toEqual({ sum: 2 });
      expect(seenHeaders).toEqual(['yes', undefined]);
    }));

  it('refuses an invalid input before sending it (a 400 naming the field)', () =>
    withBus(async (bus) => {
      let calls = 0;
      await rpcRespond(bus, Add, async ({ a }) => (calls++, { sum: a }));
      const err = await rpcCall(bus, Add, { a: 'two' as unknown as number }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ZodError);
      expect(toErrorBody(err)).toMatchObject({ statusCode: 400, issues: [{ path: 'a' }] });
      expect(calls).toBe(0);
    }));

  it('answers a malformed request with a 400 naming the fields, which the caller gets as Invalid', () =>
    withBus(async (bus) => {
      await rpcRespond(bus, Add, async ({ a }) => ({ sum: a }));
      const err = await rpcCall(bus, LooseAdd, { a: 'two' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Invalid);
      expect((err as Invalid).issues?.map((i) => i.path)).toEqual(['a']);
      const raw = await bus.request('rpc.kittest.add', { a: 1, extra: true }).catch((e: unknown) => e);
      expect(raw).toBeInstanceOf(BusRequestError);
      expect(raw).toMatchObject({ statusCode: 400, issues: [{ path: 'extra' }] });
    }));

  it("maps the responder's NotFound and Conflict back to the kit's classes, message kept", () =>
    withBus(async (bus) => {
      await rpcRespond(bus, Find, async ({ id }) => {
        if (id === 1) throw new NotFound('No product 1');
        if (id === 2) throw new Conflict('Product 2 is locked');
        if (id === 4) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        return { id, name: 'Lamp' };
      });
      await expect(rpcCall(bus, Find, { id: 1 })).rejects.toThrow(NotFound);
      await expect(rpcCall(bus, Find, { id: 1 })).rejects.toThrow('No product 1');
      await expect(rpcCall(bus, Find, { id: 2 })).rejects.toThrow(Conflict);
      // The responder lost its database: a 503 there, a 503 (retry) here.
      await expect(rpcCall(bus, Find, { id: 4 })).rejects.toThrow(ServiceUnavailable);
      expect(await rpcCall(bus, Find, { id: 3 })).toEqual({ id: 3, name: 'Lamp' });
    }));

  it('a failure of the responder is a 502 to the caller, at once, without its internals; it is logged there', () =>
    withBus(async (bus) => {
      const logged: unknown[] = [];
      const logger = { error: (obj: unknown) => logged.push(obj) } as never;
      await rpcRespond(
        bus,
        Find,
        async ({ id }) => {
          if (id === 1) throw new Error('relation "secret_table" does not exist');
          return { id, name: 42 } as never; // outside its own contract
        },
        { logger },
      );
      const started = Date.now();
      const err = await rpcCall(bus, Find, { id: 1 }, { timeoutMs: 10_000 }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(5_000); // an error reply, not the timeout
      expect(err).toBeInstanceOf(BadGateway);
      expect(String((err as Error).message)).not.toContain('secret_table');
      await expect(rpcCall(bus, Find, { id: 2 })).rejects.toThrow(BadGateway);
      expect(logged).toHaveLength(2);
    }));

  it('an answer outside the contract (seen by the caller) is a 502', () =>
    withBus(async (bus) => {
      await bus.reply(Find.subject, async () => ({ id: 'x' }));
      await expect(rpcCall(bus, Find, { id: 1 })).rejects.toThrow(BadGateway);
    }));

  it('no responder, or none in time, is ServiceUnavailable (503)', () =>
    withBus(async (bus) => {
      const none = await rpcCall(bus, Find, { id: 1 }).catch((e: unknown) => e);
      expect(none).toBeInstanceOf(ServiceUnavailable);
      expect((none as Error).message).toBe('The kittest service did not answer. Please try again.');
      expect(toErrorBody(none).statusCode).toBe(503);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const slow = await rpcRespond(bus, Find, async ({ id }) => {
        await gate;
        return { id, name: 'late' };
      });
      await expect(rpcCall(bus, Find, { id: 1 }, { timeoutMs: 100 })).rejects.toThrow(ServiceUnavailable);
      release();
      await slow.stop();
    }));
});

it('defineRpc refuses a subject outside rpc.<service>.<operation> of its service', () => {
  const c = { request: z.object({}), response: z.null() };
  expect(() => defineRpc({ ...c, subject: 'evt.customers.customer.get', service: 'customers' })).toThrow(/rpc\.<service>/);
  expect(() => defineRpc({ ...c, subject: 'rpc.billing.customer.get', service: 'customers' })).toThrow(/rpc\.<service>/);
});
