import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import pg from 'pg';
import { appDatabaseUrl, baseConfigShape, MemoryBus, sqlMigration, startService, tenantRlsSql, TenantReader } from '../src/index.ts';
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
