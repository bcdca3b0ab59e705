import type { MikroORM } from '@mikro-orm/postgresql';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { ident } from './db.ts';
import type { Logger } from './logger.ts';
import type { Subscription } from './bus/types.ts';

/** A periodic job of a service (`ServiceDefinition.jobs`). */
export interface JobDefinition {
  /** Unique within the service: the key of its row in `<schema>.jobs`. */
  name: string;
  /** How often it runs, counted across every replica together. */
  intervalMs: number;
  /** The work. A rejection is logged and kept as `last_error`; the job runs again at its next time. */
  run(): Promise<unknown>;
  /**
   * Every replica runs the job on its own timer, at start and then every `intervalMs`, without the shared row
   * (runs overlap across replicas). For work that is already safe and worth sharing out when run everywhere at once,
   * e.g. claims with FOR UPDATE SKIP LOCKED in batches. Default false: one run at a time across all replicas.
   */
  everyReplica?: boolean;
}

export interface JobRunnerOptions {
  orm: MikroORM;
  schema: string;
  logger: Logger;
  /** The clock the schedule is kept by (tests move it by hand and call `tick()`). */
  now?: () => Date;
  /** How often this replica looks whether the job is due (default: the interval, at most 5 s). */
  pollMs?: number;
  /** Poll on a timer (default true). Tests pass false and drive the runner with `tick()`. */
  autoStart?: boolean;
}

export interface JobHandle extends Subscription {
  /** Runs the job if it is due and no replica is running it; answers whether this call ran it. */
  tick(): Promise<boolean>;
}

/**
 * Runs a job every `intervalMs`, safe on every replica at once. The schedule lives in `<schema>.jobs`
 * (one row per job: `next_run_at`), so every replica agrees on it and a restart neither repeats a run that just
 * happened nor forgets one that is due. A replica runs the job only while it holds that row locked
 * (`FOR UPDATE SKIP LOCKED`, in a transaction kept open for the run): another replica skips a locked row, so
 * the job never overlaps itself anywhere; when the run ends its transaction commits `next_run_at` = start +
 * interval. A replica that dies mid-run loses its connection, the lock with it, and the job is due again at once.
 * A failed run is not retried at once but at its next time. A new job is due at once (the first run is at start).
 * The cost: one pooled connection, idle in its transaction, for the length of each run.
 */
export function startJob(o: JobRunnerOptions, job: JobDefinition): JobHandle {
  const now = o.now ?? (() => new Date());
  const table = `${ident(o.schema)}.jobs`;
  const log = o.logger.child({ job: job.name });
  const pollMs = o.pollMs ?? (job.everyReplica ? job.intervalMs : Math.min(job.intervalMs, 5_000));
  let running: Promise<boolean> | undefined;
  let stopped = false;
  let created = false;
  let timer: NodeJS.Timeout | undefined;

  async function own(): Promise<boolean> {
    const started = performance.now();
    try {
      await job.run();
      log.debug({ ms: Math.round(performance.now() - started) }, 'job ran');
    } catch (err) {
      log.error({ err }, 'job failed; it runs again at its next time');
    }
    return true;
  }

  async function once(): Promise<boolean> {
    if (job.everyReplica) return own();
    const at = now();
    if (!created) {
      // `where not exists` first: a plain ON CONFLICT would wait for a replica whose run holds the row locked.
      await o.orm.em
        .fork()
        .execute(
          `insert into ${table} (name, next_run_at) select ?, ? where not exists (select 1 from ${table} where name = ?) on conflict (name) do nothing`,
          [job.name, at, job.name],
        );
      created = true;
    }
    let claimed!: (yes: boolean) => void;
    const isClaimed = new Promise<boolean>((resolve) => (claimed = resolve));
    let finished!: (error: unknown) => void;
    const outcome = new Promise<unknown>((resolve) => (finished = resolve));
    // The claim's transaction stays open until the run ends (its row lock is what keeps other replicas out). The
    // run itself happens out here, outside that transaction's async context, so the job's own units of work
    // (`ctx.tx`) take connections of their own rather than joining the claim's transaction.
    const claim = o.orm.em.fork().transactional(async (em) => {
      // Due, or scheduled further out than one interval (the interval was shortened since).
      const due = await em.execute<{ name: string }[]>(
        `select name from ${table}
          where name = ? and (next_run_at <= ? or next_run_at > ?::timestamptz + make_interval(secs => ?))
          for update skip locked`,
        [job.name, at, at, job.intervalMs / 1000],
      );
      if (due.length === 0) return claimed(false);
      await em.execute(
        `update ${table} set next_run_at = ?::timestamptz + make_interval(secs => ?), last_started_at = ?, runs = runs + 1 where name = ?`,
        [at, job.intervalMs / 1000, at, job.name],
      );
      claimed(true);
      const error = await outcome;
      const message = error === undefined ? null : (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      await em.execute(`update ${table} set last_finished_at = ?, last_error = ? where name = ?`, [now(), message, job.name]);
    });
    claim.catch(() => claimed(false));
    if (!(await isClaimed)) {
      await claim;
      return false;
    }
    const started = performance.now();
    let error: unknown;
    try {
      await job.run();
      log.debug({ ms: Math.round(performance.now() - started) }, 'job ran');
    } catch (err) {
      error = err ?? new Error('job failed');
      log.error({ err }, 'job failed; it runs again at its next time');
    }
    finished(error);
    // The run happened; a failure to record it (connection lost) only means it may run again soon.
    await claim.catch((err: unknown) => log.warn({ err }, 'could not record the end of a job run; it may run again early'));
    return true;
  }

  function tick(): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    // One run at a time in this process; a tick during a run joins it rather than starting another.
    running ??= once()
      .catch((err: unknown) => {
        log.error({ err }, 'could not claim the job; trying again at the next poll');
        return false;
      })
      .finally(() => (running = undefined));
    return running;
  }

  function schedule() {
    if (stopped) return;
    // Polling belongs to no request: run it outside whatever trace started the service.
    timer = context.with(ROOT_CONTEXT, () => setTimeout(() => void tick().finally(schedule), pollMs));
    timer.unref();
  }

  if (o.autoStart !== false) {
    void tick().finally(schedule);
  }

  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
