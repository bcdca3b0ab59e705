import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createOrm, kitMigrations, migrate, OutboxMessage, startJob, type JobDefinition } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from './support/index.ts';

const schema = 'jobs_t';
let db: TestDatabase;
let orm: MikroORM;
const logger = createLogger('jobs-test', 'silent');
beforeAll(async () => {
  db = await createTestDatabase();
  const o = { schema, url: db.url, entities: [OutboxMessage], migrations: kitMigrations(schema) };
  await migrate(o);
  orm = await createOrm(o);
});
afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** A clock the test moves by hand. */
function clock(start = '2027-01-01T00:00:00Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}
const runner = (job: JobDefinition, c: ReturnType<typeof clock>) => startJob({ orm, schema, logger, now: c.now, pollMs: 3_600_000 }, job);

describe('periodic jobs on every replica', () => {
  it('runs once per interval however many replicas tick, at start and then every interval', async () => {
    const c = clock();
    let runs = 0;
    const job = { name: 'count', intervalMs: 60_000, run: async () => void runs++ };
    const replicas = [runner(job, c), runner(job, c), runner(job, c)];
    await Promise.all(replicas.map((r) => r.tick())); // the first run, due at start
    expect(runs).toBe(1);
    c.advance(59_000);
    expect(await Promise.all(replicas.map((r) => r.tick()))).toEqual([false, false, false]);
    expect(runs).toBe(1);
    for (let period = 2; period <= 5; period++) {
      c.advance(60_000);
      const ran = await Promise.all(replicas.map((r) => r.tick()));
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(period);
    }
    await Promise.all(replicas.map((r) => r.stop()));
    const row = (await db.query(`select runs::int as runs, last_error from ${schema}.jobs where name = 'count'`)).rows[0];
    expect(row).toEqual({ runs: 5, last_error: null });
  });

  it('a failing run is recorded and retried at its next time, not before', async () => {
    const c = clock();
    let attempts = 0;
    const job = {
      name: 'flaky',
      intervalMs: 10_000,
      run: async () => {
        attempts++;
        if (attempts === 1) throw new Error('mail server down');
      },
    };
    const r = runner(job, c);
    await r.tick();
    expect(attempts).toBe(1);
    expect((await db.query(`select last_error from ${schema}.jobs where name = 'flaky'`)).rows[0]!.last_error).toMatch(/mail server down$/);
    expect(await r.tick()).toBe(false);
    c.advance(10_000);
    expect(await r.tick()).toBe(true);
    expect(attempts).toBe(2);
    expect((await db.query(`select last_error from ${schema}.jobs where name = 'flaky'`)).rows[0]!.last_error).toBeNull();
    await r.stop();
  });

  it('never overlaps itself, and stop() waits for the run in progress', async () => {
    const c = clock();
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    let started = 0;
    let finished = 0;
    const r = runner({ name: 'slow', intervalMs: 1_000, run: async () => (started++, await gate, finished++) }, c);
    const first = r.tick();
    c.advance(5_000);
    const second = r.tick(); // the same run: a job never overlaps itself
    expect(second).toBe(first);
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    for (let i = 0; i < 20; i++) await new Promise((ok) => setImmediate(ok));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect({ started, finished, stopped }).toEqual({ started: 1, finished: 1, stopped: true });
    expect(await r.tick()).toBe(false); // stopped: claims nothing more
  });
});
