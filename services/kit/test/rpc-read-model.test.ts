import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRpc, type EventEnvelope } from '@billpoint/proto';
import {
  baseConfigShape,
  BadGateway,
  createBus,
  NotFound,
  ReadModel,
  rpcCall,
  rpcRespond,
  ServiceUnavailable,
  sqlMigration,
  startService,
  tenantRlsSql,
  type Bus,
  type RunningService,
  type ServiceDefinition,
} from '../src/index.ts';
import {
  createTestDatabase,
  deleteNatsNamespace,
  randomName,
  testEnv,
  waitFor,
  TEST_NATS_URL,
  type TestDatabase,
} from './support/index.ts';

const Thing = z.object({ id: z.number().int(), name: z.string(), version: z.string() });
const GetThing = defineRpc({
  subject: 'rpc.owner.thing.get',
  service: 'owner',
  request: z.object({ tenantId: z.uuid(), id: z.number().int().positive() }),
  response: Thing.nullable(),
});

const T1 = '11111111-1111-4111-8111-111111111111';

describe.each(['memory', 'nats'] as const)('typed request/reply over the %s bus', (kind) => {
  let bus: Bus;
  const namespace = randomName('rpc');
  beforeAll(async () => {
    bus = await createBus({ natsUrl: kind === 'nats' ? TEST_NATS_URL : undefined, name: 'rpc-test', namespace });
  });
  afterAll(async () => {
    await bus?.close();
    if (kind === 'nats') await deleteNatsNamespace(namespace);
  });

  it('validates both ways and maps every failure to the kit error a handler would throw', async () => {
    const sub = await rpcRespond(bus, GetThing, async ({ id }) => {
      if (id === 1) return { id, name: 'one', version: 'v1' };
      if (id === 2) return null;
      if (id === 3) throw new NotFound('No thing 3');
      if (id === 4) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      if (id === 5) return { id, name: 42 } as never; // outside the contract: never sent as is
      throw new Error('a bug with internals: password=hunter2');
    });
    try {
      expect(await rpcCall(bus, GetThing, { tenantId: T1, id: 1 })).toEqual({ id: 1, name: 'one', version: 'v1' });
      expect(await rpcCall(bus, GetThing, { tenantId: T1, id: 2 })).toBeNull();
      await expect(rpcCall(bus, GetThing, { tenantId: T1, id: 3 })).rejects.toEqual(new NotFound('No thing 3'));
      await expect(rpcCall(bus, GetThing, { tenantId: T1, id: 4 })).rejects.toBeInstanceOf(ServiceUnavailable);
      await expect(rpcCall(bus, GetThing, { tenantId: T1, id: 5 })).rejects.toBeInstanceOf(BadGateway);
      const bug = await rpcCall(bus, GetThing, { tenantId: T1, id: 6 }).catch((e: unknown) => e);
      expect(bug).toBeInstanceOf(BadGateway);
      expect(String((bug as Error).message)).not.toContain('hunter2');
      // A request outside the contract: refused before it leaves, and by the responder if sent raw.
      await expect(rpcCall(bus, GetThing, { tenantId: 'nope', id: 1 })).rejects.toThrow();
      await expect(bus.request(GetThing.subject, { tenantId: T1, id: 'x' })).rejects.toMatchObject({ statusCode: 400 });
    } finally {
      await sub.stop();
    }
  });

  it('no responder, or no answer in time, is a 503 naming the service', async () => {
    const err = await rpcCall(bus, GetThing, { tenantId: T1, id: 1 }, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailable);
    expect((err as Error).message).toBe('The owner service did not answer. Please try again.');
    const raw = await bus.reply(GetThing.subject, async () => ({ unexpected: true }));
    await expect(rpcCall(bus, GetThing, { tenantId: T1, id: 1 })).rejects.toBeInstanceOf(BadGateway);
    await raw.stop();
  });
});

describe('read model: fed by events, filled by request/reply on a miss', () => {
  const configSchema = z.object({ ...baseConfigShape });
  const def = {
    name: 'copier',
    schema: 'copier',
    configSchema,
    entities: [],
    migrations: [
      sqlMigration('0001_copies', [
        `create table copier.things (tenant_id uuid not null, id bigint not null, name text not null, deleted boolean not null default false,
           version text not null, primary key (tenant_id, id))`,
        ...tenantRlsSql('copier', 'things'),
      ]),
    ],
    routes() {},
  } satisfies ServiceDefinition<typeof configSchema>;
  let db: TestDatabase;
  let bus: Bus;
  let svc: RunningService;
  let model: ReadModel<{ name: string; deleted: boolean }, number, typeof GetThing.request, typeof GetThing.response>;
  let applied = 0;
  let asked = 0;
  const owner = new Map<number, z.infer<typeof Thing>>();

  beforeAll(async () => {
    db = await createTestDatabase();
    bus = await createBus({ name: 'copier' });
    svc = await startService(def, { env: testEnv(db), bus });
    const ctx = svc.ctx;
    // Versioned upsert: an older version never overwrites a newer one; a deletion is sticky.
    const upsert = (em: Parameters<Parameters<typeof ctx.tx>[1]>[0], tenantId: string, t: z.infer<typeof Thing>, deleted = false) =>
      em.execute(
        `insert into copier.things as x (tenant_id, id, name, deleted, version) values (?, ?, ?, ?, ?)
         on conflict (tenant_id, id) do update set name = excluded.name, version = excluded.version, deleted = x.deleted or excluded.deleted
          where x.version <= excluded.version`,
        [tenantId, t.id, t.name, deleted, t.version],
      );
    model = new ReadModel({
      ctx,
      durable: 'copier-things',
      subject: 'evt.owner.thing.*',
      async apply(event, em) {
        applied++;
        await upsert(em, event.tenantId, Thing.parse(event.data), event.type.endsWith('.deleted'));
      },
      async find(tenantId, id) {
        const [row] = await ctx.reader.query<{ name: string; deleted: boolean }>(
          tenantId,
          `select name, deleted from copier.things where tenant_id = $1 and id = $2`,
          [tenantId, id],
        );
        return row;
      },
      fetch: { contract: GetThing, request: (tenantId, id) => ({ tenantId, id }) },
      store: (em, tenantId, thing) => upsert(em, tenantId, thing).then(() => undefined),
    });
    await model.start();
    await rpcRespond(bus, GetThing, async ({ id }) => (asked++, owner.get(id) ?? null));
  });
  afterAll(async () => {
    await svc?.close();
    await bus?.close();
    await db?.drop();
  });

  const publish = (type: string, data: z.infer<typeof Thing>, id = randomUUID()) => {
    const env: EventEnvelope = { id, type, occurredAt: new Date().toISOString(), tenantId: T1, actorId: null, data };
    return bus.publish(type, env, { msgId: id }).then(() => id);
  };
  const row = (id: number) => db.query(`select name, deleted, version from copier.things where id = $1`, [id]).then((r) => r.rows[0]);

  it('converges whatever the order of events, and a redelivered event is a no-op', async () => {
    await publish('evt.owner.thing.updated', { id: 10, name: 'newer', version: '2027-01-02' });
    const old = await publish('evt.owner.thing.created', { id: 10, name: 'older', version: '2027-01-01' });
    await waitFor(async () => applied === 2);
    expect(await row(10)).toEqual({ name: 'newer', deleted: false, version: '2027-01-02' });
    await publish('evt.owner.thing.created', { id: 10, name: 'older', version: '2027-01-01' }, old); // the same message again
    await publish('evt.owner.thing.deleted', { id: 10, name: 'newer', version: '2027-01-03' });
    await waitFor(async () => (await row(10))?.deleted === true);
    expect(applied).toBe(3); // the duplicate was never applied
    await publish('evt.owner.thing.updated', { id: 10, name: 'revived?', version: '2027-01-04' });
    await waitFor(async () => applied === 4);
    expect(await row(10)).toMatchObject({ deleted: true }); // a deletion stays
  });

  it('a miss asks the owner once and keeps the answer; an unknown key stays unknown', async () => {
    owner.set(20, { id: 20, name: 'made a moment ago', version: '2027-02-01' });
    const before = asked;
    expect(await model.get(T1, 20)).toEqual({ name: 'made a moment ago', deleted: false });
    expect(await model.get(T1, 20)).toEqual({ name: 'made a moment ago', deleted: false });
    expect(asked - before).toBe(1);
    expect(await model.get(T1, 404)).toBeNull();
    expect(await row(404)).toBeUndefined();
  });
});
