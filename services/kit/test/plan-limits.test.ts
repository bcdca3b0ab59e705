import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentsPlanGetRpc, PlanEvents, type PlanGrant, type TenantPlan } from '@billpoint/proto';
import {
  baseConfigShape,
  MemoryBus,
  planLimits,
  planLimitsTableSql,
  rpcRespond,
  sqlMigration,
  startService,
  type RunningService,
  type ServiceDefinition,
} from '../src/index.ts';
import { createTestDatabase, testEnv, waitFor, type TestDatabase } from './support/index.ts';

const configSchema = z.object({ ...baseConfigShape });
const def = {
  name: 'pltest',
  schema: 'pltest',
  configSchema,
  entities: [],
  migrations: [sqlMigration('0001_plan_limits', planLimitsTableSql('pltest'))],
  routes() {},
} satisfies ServiceDefinition<typeof configSchema>;

const grant = (plan: PlanGrant['plan'], displayName: string, maxProducts: number | null): PlanGrant => ({
  plan,
  displayName,
  limits: { maxInvoices: null, maxCustomers: null, maxProducts, maxApiKeys: null, maxWebhooks: null },
  flags: {
    hasAiAnalytics: false,
    hasMultiCurrency: false,
    hasAdvancedReporting: false,
    hasCustomBranding: false,
    hasPrioritySupport: false,
    hasApiAccess: false,
  },
});
const STARTER = grant('starter', 'Starter', 10);
const PRO = grant('professional', 'Professional', 100);
const TRIAL_ENDS = '2030-01-15T12:00:00.000Z';

let db: TestDatabase;
let bus: MemoryBus;
let svc: RunningService;
let now = new Date('2030-01-10T00:00:00Z');
const asked: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  bus = new MemoryBus({ logger: { info() {}, warn() {}, error() {}, debug() {} } });
  svc = await startService(def, { env: testEnv(db), bus, listen: false });
  await planLimits(svc.ctx).start();
});
afterAll(async () => {
  await svc?.close();
  await bus?.close();
  await db?.drop();
});

const limits = () => planLimits(svc.ctx, { now: () => now, fillTimeoutMs: 300 });
/** `products` as the count of a creation: refused or not. */
async function tryCreate(tenantId: string, products: number) {
  const check = await limits().check(tenantId, 'products');
  return svc.ctx
    .tx({ tenantId }, (em) => check(em, async () => products))
    .then(
      () => 'allowed',
      (err: { statusCode: number; message: string }) => `${err.statusCode} ${err.message}`,
    );
}
async function changed(p: TenantPlan) {
  const id = randomUUID();
  await bus.publish(
    PlanEvents.Changed,
    { id, type: PlanEvents.Changed, occurredAt: p.updatedAt, tenantId: p.tenantId, actorId: null, data: p },
    { msgId: id },
  );
  await waitFor(async () => (await db.query(`select 1 from pltest.processed_messages where message_id = $1`, [id])).rowCount);
}

describe('plan limits', () => {
  it('lets a creation through, logged, when the plan cannot be known (payments away, nothing stored)', async () => {
    const tenantId = randomUUID();
    expect(await limits().grant(tenantId)).toBeNull();
    expect(await tryCreate(tenantId, 1_000_000)).toBe('allowed');
  });

  it('does not ask payments again for a while after it did not answer: an outage costs each call no round trip', async () => {
    const tenantId = randomUUID();
    const memo = planLimits(svc.ctx, { now: () => now, fillTimeoutMs: 300, retryUnansweredMs: 60_000 });
    expect(await memo.grant(tenantId)).toBeNull(); // nobody answers: asked once, remembered
    const seen: string[] = [];
    const plan: TenantPlan = {
      tenantId,
      status: 'active',
      granted: STARTER,
      trial: null,
      trialEndsAt: null,
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    const sub = await rpcRespond(bus, PaymentsPlanGetRpc, async (r) => (seen.push(r.tenantId), plan));
    try {
      expect(await memo.grant(tenantId)).toBeNull(); // within the quiet time: the local row only (none yet)
      expect(seen).toEqual([]);
      const fresh = planLimits(svc.ctx, { now: () => now, fillTimeoutMs: 300, retryUnansweredMs: 0 });
      expect((await fresh.grant(tenantId))?.grant.plan).toBe('starter'); // no quiet time: asked again, filled
      expect(seen).toEqual([tenantId]);
      expect((await memo.grant(tenantId))?.grant.plan).toBe('starter'); // the stored row is read even while quiet
    } finally {
      await sub.stop();
    }
  });

  it('fills a miss from payments, applies the trial until its end, then the plan; newer events win, older ones do not', async () => {
    const tenantId = randomUUID();
    const plan: TenantPlan = {
      tenantId,
      status: 'trialing',
      granted: STARTER,
      trial: PRO,
      trialEndsAt: TRIAL_ENDS,
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    const sub = await rpcRespond(bus, PaymentsPlanGetRpc, async (r) => (asked.push(r.tenantId), plan));
    try {
      expect(await tryCreate(tenantId, 99)).toBe('allowed');
      expect(await tryCreate(tenantId, 100)).toBe('403 Your Professional trial allows 100 products. Upgrade your plan to add more.');
      expect(asked).toEqual([tenantId]); // stored: the second check read it locally
      now = new Date(TRIAL_ENDS);
      expect(await tryCreate(tenantId, 9)).toBe('allowed');
      expect(await tryCreate(tenantId, 10)).toBe('403 Your Starter plan allows 10 products. Upgrade your plan to add more.');

      const base = { tenantId, trial: null, trialEndsAt: null };
      await changed({ ...base, status: 'active', granted: grant('enterprise', 'Enterprise', null), updatedAt: '2030-01-16T00:00:00.000Z' });
      expect(await tryCreate(tenantId, 1_000_000)).toBe('allowed');
      await changed({ ...base, status: 'active', granted: STARTER, updatedAt: '2030-01-15T00:00:00.000Z' }); // late, older
      expect(await tryCreate(tenantId, 1_000_000)).toBe('allowed');
    } finally {
      await sub.stop();
    }
  });

  it('lets exactly as many simultaneous creations through as the plan allows (the count runs under the lock)', async () => {
    const tenantId = randomUUID();
    await changed({ tenantId, status: 'active', granted: STARTER, trial: null, trialEndsAt: null, updatedAt: '2030-01-02T00:00:00.000Z' });
    await db.query(`create table pltest.things (tenant_id uuid, n int); grant select, insert on pltest.things to pltest_app`);
    const create = async () => {
      const check = await limits().check(tenantId, 'products');
      return svc.ctx
        .tx({ tenantId }, async (em) => {
          await check(em, async (tem) =>
            Number((await tem.execute<{ c: string }[]>(`select count(*) as c from pltest.things where tenant_id = ?`, [tenantId]))[0]!.c),
          );
          await em.execute(`insert into pltest.things values (?, 1)`, [tenantId]);
        })
        .then(
          () => 'ok',
          () => 'refused',
        );
    };
    const results = await Promise.all(Array.from({ length: 14 }, create));
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
  });
});
