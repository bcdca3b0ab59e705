import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRpc, type EventEnvelope } from '@billpoint/proto';
import {
  baseConfigShape,
  MemoryBus,
  readModel,
  rpcRespond,
  sqlMigration,
  startService,
  tenantRlsSql,
  type ReadModel,
  type RunningService,
  type ServiceDefinition,
} from '../src/index.ts';
import { createTestDatabase, testEnv, waitFor, type TestDatabase } from './support/index.ts';

/** Another service's item as its events carry it, and the RPC that answers one. */
const Product = z.object({ id: z.number().int(), name: z.string(), updatedAt: z.iso.datetime() });
type Product = z.infer<typeof Product>;
const ProductEvents = {
  Created: 'evt.catalogue.product.created',
  Updated: 'evt.catalogue.product.updated',
  Deleted: 'evt.catalogue.product.deleted',
} as const;
const ProductGet = defineRpc({
  subject: 'rpc.catalogue.product.get',
  service: 'catalogue',
  request: z.object({ tenantId: z.uuid(), id: z.number().int() }),
  response: Product.nullable(),
});

const configSchema = z.object({ ...baseConfigShape });
const def = {
  name: 'rmtest',
  schema: 'rmtest',
  configSchema,
  entities: [],
  migrations: [
    sqlMigration('0001_products', [
      `create table rmtest.products (
        tenant_id uuid not null, id bigint not null, name text not null default '',
        version timestamptz, deleted boolean not null default false, primary key (tenant_id, id))`,
      ...tenantRlsSql('rmtest', 'products'),
    ]),
  ],
  routes() {},
} satisfies ServiceDefinition<typeof configSchema>;

const T1 = '11111111-1111-4111-8111-111111111111';
let db: TestDatabase;
let bus: MemoryBus;
let svc: RunningService;
let products: ReadModel<Product, number, 'name'>;
/** What the source service holds, and how often it was asked. */
const source = new Map<number, Product>();
let asked = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  bus = new MemoryBus({ logger: { info() {}, warn() {}, error() {}, debug() {} } });
  svc = await startService(def, { env: testEnv(db), bus, listen: false });
  products = readModel(svc.ctx, {
    table: 'products',
    durable: 'rmtest-products',
    subject: 'evt.catalogue.product.*',
    upsertOn: { [ProductEvents.Created]: Product, [ProductEvents.Updated]: Product },
    deleteOn: { [ProductEvents.Deleted]: (data) => z.object({ id: z.number() }).parse(data).id },
    key: (p) => p.id,
    version: (p) => p.updatedAt,
    columns: { name: (p) => p.name },
    fill: { contract: ProductGet, request: (tenantId, id) => ({ tenantId, id }) },
  });
  await products.start();
  await rpcRespond(bus, ProductGet, async ({ id }) => (asked++, source.get(id) ?? null));
});
afterAll(async () => {
  await svc?.close();
  await bus?.close();
  await db?.drop();
});

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();
const envelope = (type: string, data: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  tenantId: T1,
  actorId: null,
  data,
});
/** Publishes (as a new message id unless given one) and waits until the consumer recorded it. */
const deliver = async (env: EventEnvelope, msgId = env.id) => {
  await bus.publish(env.type, env, { msgId });
  await waitFor(
    async () =>
      (await db.query(`select 1 from rmtest.processed_messages where consumer = 'rmtest-products' and message_id = $1`, [env.id])).rowCount,
  );
};
const stored = async (id: number) =>
  (await db.query<{ name: string; deleted: boolean }>(`select name, deleted from rmtest.products where id = $1`, [id])).rows[0];

describe('read model', () => {
  it('converges on the newest version when events arrive out of order', async () => {
    await deliver(envelope(ProductEvents.Updated, { id: 1, name: 'Lamp (v2)', updatedAt: at(2) }));
    await deliver(envelope(ProductEvents.Created, { id: 1, name: 'Lamp', updatedAt: at(1) }));
    expect(await stored(1)).toEqual({ name: 'Lamp (v2)', deleted: false });
    await deliver(envelope(ProductEvents.Updated, { id: 1, name: 'Lamp (v3)', updatedAt: at(3) }));
    expect(await stored(1)).toEqual({ name: 'Lamp (v3)', deleted: false });
  });

  it('a redelivered event is a no-op (the processed-message log holds it)', async () => {
    const e = envelope(ProductEvents.Created, { id: 2, name: 'Desk', updatedAt: at(1) });
    await deliver(e);
    await db.query(`update rmtest.products set name = 'changed since' where id = 2`);
    // The same event again, past the bus's dedup window (a new message id): handled once per consumer all the same.
    const marker = envelope(ProductEvents.Created, { id: 3, name: 'marker', updatedAt: at(1) });
    await bus.publish(e.type, e, { msgId: randomUUID() });
    await deliver(marker);
    expect((await stored(2))?.name).toBe('changed since');
  });

  it('a miss is filled by the RPC and stored; the next read is local', async () => {
    source.set(10, { id: 10, name: 'Chair', updatedAt: at(5) });
    const before = asked;
    expect(await stored(10)).toBeUndefined();
    expect(await products.get(T1, 10)).toEqual({ name: 'Chair', deleted: false });
    expect(await stored(10)).toEqual({ name: 'Chair', deleted: false });
    expect(await products.get(T1, 10)).toMatchObject({ name: 'Chair' });
    expect(asked).toBe(before + 1);
    // An older event arriving afterwards does not overwrite what the RPC stored.
    await deliver(envelope(ProductEvents.Created, { id: 10, name: 'Chair (old)', updatedAt: at(4) }));
    expect((await stored(10))?.name).toBe('Chair');
  });

  it('an item the source does not have is null and stores nothing', async () => {
    expect(await products.get(T1, 404)).toBeNull();
    expect(await stored(404)).toBeUndefined();
  });

  it('a deleted item stays deleted: later and redelivered upserts do not bring it back, nor does get()', async () => {
    await deliver(envelope(ProductEvents.Created, { id: 20, name: 'Shelf', updatedAt: at(1) }));
    await deliver(envelope(ProductEvents.Deleted, { id: 20 }));
    await deliver(envelope(ProductEvents.Updated, { id: 20, name: 'Shelf (late)', updatedAt: at(9) }));
    expect((await stored(20))?.deleted).toBe(true);
    source.set(20, { id: 20, name: 'Shelf', updatedAt: at(1) });
    const before = asked;
    expect(await products.get(T1, 20)).toBeNull();
    expect(asked).toBe(before); // known as deleted: no need to ask
    expect(await products.find(T1, 20)).toMatchObject({ deleted: true });

    // A delete seen before the item itself leaves a tombstone the creation cannot lift.
    await deliver(envelope(ProductEvents.Deleted, { id: 21 }));
    await deliver(envelope(ProductEvents.Created, { id: 21, name: 'Stool', updatedAt: at(1) }));
    expect(await stored(21)).toEqual({ name: 'Stool', deleted: true });
  });
});
