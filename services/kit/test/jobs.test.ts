import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigShape, startJob, startService, type JobHandle, type RunningService, type ServiceDefinition } from '../src/index.ts';
import { createTestDatabase, randomName, testEnv, waitFor, type TestDatabase } from './support/index.ts';

/** Two replicas of a throwaway service on one database: the jobs table is the only thing they share. */
const configSchema = z.object({ ...baseConfigShape });
let declaredRuns = 0;
const def = {
  name: 'jobtest',
  schema: 'jobtest',
  configSchema,
  entities: [],
  migrations: [],
  routes() {},
  jobs: () => [{ name: 'declared', intervalMs: 3_600_000, run: async () => void declaredRuns++ }],
} satisfies ServiceDefinition<typeof configSchema>;

const HOUR = 3_600_000;
let db: TestDatabase;
let a: RunningService;
let b: RunningService;
const runners: JobHandle[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  a = await startService(def, { env: testEnv(db), listen: false });
  b = await startService(def, { env: testEnv(db), listen: false });
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await a?.close();
  await b?.close();
  await db?.drop();
});

/** A clock the test moves by hand. */
const clock = (start = Date.parse('2030-01-01T00:00:00Z')) => {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
};
/** The same job on both replicas, driven by `tick()` only. */
const onBoth = (name: string, run: () => Promise<unknown>, now: () => Date) => {
  const made = [a, b].map((r) =>
    startJob({ orm: r.ctx.orm, schema: 'jobtest', logger: r.ctx.logger, now, autoStart: false }, { name, intervalMs: HOUR, run }),
  );
  runners.push(...made);
  return made as [JobHandle, JobHandle];
};
const row = async (name: string) =>
  (
    await db.query<{ next_run_at: Date; last_finished_at: Date | null; last_error: string | null }>(
      `select next_run_at, last_finished_at, last_error from jobtest.jobs where name = $1`,
      [name],
    )
  ).rows[0]!;

describe('periodic jobs', () => {
  it('runs once per interval across two replicas ticking at the same moments', async () => {
    const c = clock();
    let runs = 0;
    const name = randomName('once');
    const [ra, rb] = onBoth(
      name,
      async () => {
        runs++;
        await db.query('select pg_sleep(0.05)'); // long enough for the other replica to try meanwhile
      },
      c.now,
    );
    const first = await Promise.all([ra.tick(), rb.tick(), ra.tick(), rb.tick()]);
    expect(runs).toBe(1);
    expect(first.filter(Boolean).length).toBeGreaterThanOrEqual(1); // the two ticks of the runner that ran share the run
    expect(await Promise.all([ra.tick(), rb.tick()])).toEqual([false, false]);

    c.advance(HOUR - 1);
    expect(await Promise.all([ra.tick(), rb.tick()])).toEqual([false, false]);
    for (let period = 2; period <= 4; period++) {
      c.advance(period === 2 ? 1 : HOUR);
      expect((await Promise.all([ra.tick(), rb.tick()])).filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(period);
    }
    expect((await db.query(`select runs::int as runs from jobtest.jobs where name = $1`, [name])).rows[0]).toEqual({ runs: 4 });
  });

  it('keeps the schedule by the injected clock, in the table every replica reads', async () => {
    const c = clock(Date.parse('2031-06-01T12:00:00Z'));
    const name = randomName('clock');
    const [ra, rb] = onBoth(name, async () => {}, c.now);
    expect(await ra.tick()).toBe(true);
    expect((await row(name)).next_run_at.toISOString()).toBe('2031-06-01T13:00:00.000Z');
    c.advance(HOUR);
    expect(await rb.tick()).toBe(true); // the other replica picks up the next run
    expect((await row(name)).next_run_at.toISOString()).toBe('2031-06-01T14:00:00.000Z');
  });

  it('logs a failed run, keeps its error, and retries it at the next interval (not at once)', async () => {
    const c = clock();
    const name = randomName('fails');
    let attempts = 0;
    const [ra] = onBoth(
      name,
      async () => {
        if (++attempts === 1) throw new Error('the provider is down');
      },
      c.now,
    );
    expect(await ra.tick()).toBe(true);
    expect((await row(name)).last_error).toBe('the provider is down');
    expect(await ra.tick()).toBe(false);
    expect(attempts).toBe(1);
    c.advance(HOUR);
    expect(await ra.tick()).toBe(true);
    expect(attempts).toBe(2);
    expect((await row(name)).last_error).toBeNull();
  });

  it('never overlaps itself: while one replica runs it, the other skips it even when it is due again', async () => {
    const c = clock();
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let runs = 0;
    let started = false;
    const [ra, rb] = onBoth(
      randomName('overlap'),
      async () => {
        runs++;
        started = true;
        await gate;
      },
      c.now,
    );
    const first = ra.tick();
    expect(ra.tick()).toBe(first); // in this process, a tick during the run joins it
    await waitFor(() => started);
    c.advance(3 * HOUR); // long past due, but the run is still going
    expect(await rb.tick()).toBe(false);
    open();
    expect(await first).toBe(true);
    expect(runs).toBe(1);
    expect(await rb.tick()).toBe(true); // due (its next time passed during the long run), now that it has ended
    expect(runs).toBe(2);
  });

  it('stop() waits for the run in progress and for its end to be recorded', async () => {
    const c = clock();
    const name = randomName('stop');
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let started = false;
    const [ra] = onBoth(
      name,
      async () => {
        started = true;
        await gate;
        await db.query('select 1'); // a round trip: a stop() that did not wait would resolve first
        order.push('run finished');
      },
      c.now,
    );
    void ra.tick();
    await waitFor(() => started);
    const stopped = ra.stop().then(() => order.push('stopped'));
    open();
    await stopped;
    expect(order).toEqual(['run finished', 'stopped']);
    expect((await row(name)).last_finished_at).not.toBeNull();
    expect(await ra.tick()).toBe(false); // a stopped runner runs nothing
  });

  it('a ServiceDefinition declares jobs: started with the service (due at start), run once across replicas', async () => {
    await waitFor(() => declaredRuns >= 1);
    // Both replicas polled at start; the row says when it runs next, an hour on.
    const { next_run_at } = await row('declared');
    expect(next_run_at.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
    expect(declaredRuns).toBe(1);
  });
  it('an everyReplica job runs on each replica at once (overlapping), without a shared row, never twice at once in one', async () => {
    const name = randomName('every');
    let inFlight = 0;
    let maxInFlight = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const run = async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await gate;
      inFlight--;
    };
    const made = [a, b].map((r) =>
      startJob(
        { orm: r.ctx.orm, schema: 'jobtest', logger: r.ctx.logger, autoStart: false },
        { name, intervalMs: HOUR, run, everyReplica: true },
      ),
    );
    runners.push(...made);
    const [ra, rb] = made as [JobHandle, JobHandle];
    const first = [ra.tick(), rb.tick(), ra.tick()];
    await waitFor(() => inFlight === 2);
    release();
    expect(await Promise.all(first)).toEqual([true, true, true]);
    expect(maxInFlight).toBe(2); // one per replica: the second tick on `ra` joined its run
    expect(await db.query(`select 1 from jobtest.jobs where name = $1`, [name]).then((r) => r.rowCount)).toBe(0);
  });
});
