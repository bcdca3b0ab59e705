import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import pg from 'pg';
import {
  appDatabaseUrl,
  baseConfigShape,
  executePrepared,
  MemoryBus,
  preparedStatement,
  sqlMigration,
  startService,
  tenantRlsSql,
  TenantReader,
} from '../src/index.ts';
import type { RunningService, ServiceDefinition } from '../src/index.ts';
import { createTestDatabase, testEnv, type TestDatabase } from './support/index.ts';

const configSchema = z.object({ ...baseConfigShape });
const def = {
  name: 'trtest',
  schema: 'trtest',
  configSchema,
  entities: [],
  migrations: [
    sqlMigration('0001_notes', [
      `create table trtest.notes (tenant_id uuid not null, id bigint not null, body text not null, primary key (tenant_id, id))`,
      ...tenantRlsSql('trtest', 'notes'),
      `create table trtest.shared (id bigint primary key, body text not null)`,
    ]),
  ],
  routes() {},
} satisfies ServiceDefinition<typeof configSchema>;

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const BY_ID = 'select body from trtest.notes where id = $1';
const ALL = 'select body from trtest.notes order by id';

let db: TestDatabase;
let bus: MemoryBus;
let svc: RunningService;
/** One connection: every read reuses what the one before left on it. */
let reader: TenantReader;

beforeAll(async () => {
  db = await createTestDatabase();
  bus = new MemoryBus({ logger: { info() {}, warn() {}, error() {}, debug() {} } });
  svc = await startService(def, { env: testEnv(db), bus, listen: false });
  const owner = new pg.Client({ connectionString: db.url });
  await owner.connect();
  await owner.query(`insert into trtest.notes values ($1, 1, 'a1'), ($1, 2, 'a2'), ($2, 1, 'b1')`, [A, B]);
  await owner.query(`insert into trtest.shared values (1, 'shared')`);
  await owner.end();
  reader = new TenantReader(appDatabaseUrl('trtest', db.url), { max: 1 });
});
afterAll(async () => {
  await reader?.close();
  await svc?.close();
  await bus?.close();
  await db?.drop();
});

const bodies = (rows: { body: string }[]) => rows.map((r) => r.body);

describe('TenantReader', () => {
  it('answers only the tenant asked for, prepared or not, whatever the connection served before', async () => {
    // Every order of the two ways and the two tenants on the one connection.
    const steps: [string, boolean, string[]][] = [
      [A, true, ['a1', 'a2']],
      [B, true, ['b1']],
      [B, false, ['b1']],
      [A, false, ['a1', 'a2']],
      [B, true, ['b1']], // after a transaction-local A: the session's B again
      [A, true, ['a1', 'a2']],
      [B, false, ['b1']], // the transaction-local B overrides the session's A
      [A, true, ['a1', 'a2']],
    ];
    for (const [tenant, prepare, expected] of steps) expect(bodies(await reader.query(tenant, ALL, [], { prepare }))).toEqual(expected);
    expect(bodies(await reader.query(A, BY_ID, [1], { prepare: true }))).toEqual(['a1']);
    expect(bodies(await reader.query(B, BY_ID, [2], { prepare: true }))).toEqual([]); // A's row 2 is not B's
    expect(bodies(await reader.query(B, BY_ID, [1], { prepare: true }))).toEqual(['b1']);
  });

  it('a read that fails leaves no connection with a tenant in doubt', async () => {
    await reader.query(A, ALL, [], { prepare: true });
    await expect(reader.query(B, 'select body from trtest.notes where id = $1::int / 0', [1], { prepare: true })).rejects.toThrow(
      /division by zero/,
    );
    expect(bodies(await reader.query(A, ALL, [], { prepare: true }))).toEqual(['a1', 'a2']);
    expect(bodies(await reader.query(B, ALL, [], { prepare: true }))).toEqual(['b1']);
  });

  it('refuses a tenant id that is not a uuid, and reads tables without tenant rows unscoped', async () => {
    await expect(reader.query("x'; select 1; --", ALL)).rejects.toThrow(/uuid/);
    expect(
      bodies(await reader.queryUnscoped<{ body: string }>('select body from trtest.shared where id = any($1::bigint[])', [[1, 2]])),
    ).toEqual(['shared']);
  });
});

const NOTE_BY_ID = preparedStatement('select body from trtest.notes where id = $1');
const ADD_NOTE = preparedStatement('insert into trtest.notes (tenant_id, id, body) values ($1, $2, $3) returning body');

describe('prepared statements in the ORM transaction (executePrepared)', () => {
  it("run as named statements on the transaction's connection, under its tenant", async () => {
    for (let i = 0; i < 3; i++) {
      const [a, b] = await Promise.all([
        svc.ctx.tx({ tenantId: A }, (em) => executePrepared<{ body: string }>(em, NOTE_BY_ID, [1])),
        svc.ctx.tx({ tenantId: B }, (em) => executePrepared<{ body: string }>(em, NOTE_BY_ID, [1])),
      ]);
      expect([bodies(a), bodies(b)]).toEqual([['a1'], ['b1']]);
    }
    const prepared = await svc.ctx.tx({ tenantId: A }, async (em) => {
      await executePrepared(em, NOTE_BY_ID, [2]);
      return em.execute<{ statement: string }[]>(`select statement from pg_prepared_statements where name like 'bp\\_%'`);
    });
    expect(prepared.map((r) => r.statement)).toContain(NOTE_BY_ID);
  });

  it('write in the transaction: rolled back with it, refused for another tenant by row-level security', async () => {
    await expect(
      svc.ctx.tx({ tenantId: A }, async (em) => {
        await executePrepared(em, ADD_NOTE, [A, 9, 'a9']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(bodies(await reader.query(A, ALL))).toEqual(['a1', 'a2']);
    await expect(svc.ctx.tx({ tenantId: A }, (em) => executePrepared(em, ADD_NOTE, [B, 9, 'b9']))).rejects.toThrow(/row-level security/);
  });

  it('refuses a text that was not registered, and a call outside a transaction', async () => {
    await expect(svc.ctx.tx({ tenantId: A }, (em) => executePrepared(em, 'select 1', []))).rejects.toThrow(/preparedStatement/);
    await expect(executePrepared(svc.ctx.orm.em.fork(), NOTE_BY_ID, [1])).rejects.toThrow(/inside a transaction/);
  });
});
