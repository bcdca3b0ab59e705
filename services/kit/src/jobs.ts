import { hostname } from 'node:os';
import type { MikroORM } from '@mikro-orm/postgresql';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { ident } from './db.ts';
import type { Logger } from './logger.ts';
import type { Subscription } from './bus/types.ts';

export interface JobDefinition {
  /** Unique within the service: the key of its row in `<schema>.jobs`. */
  name: string;
  /** How often it runs, across all replicas together. */
  intervalMs: number;
  /** The work. A rejection is logged (and kept as last_error); the job runs again at its next time. */
  run(): Promise<unknown>;
}

export interface JobRunnerOptions {
  orm: MikroORM;
  schema: string;
  logger: Logger;
  /** The clock the schedule is kept by (tests move it by hand). */
  now?: () => Date;
  /** How often each replica looks whether the job is due (default: the interval, at most 5 s). */
  pollMs?: number;
}

export interface JobHandle extends Subscription {
  /** Claims the job if it is due and runs it; answers whether this replica ran it. Never overlaps itself. */
  tick(): Promise<boolean>;
}

/**
 * A periodic job that is safe on every replica. The schedule lives in `<schema>.jobs`: a replica runs the job
 * only after its UPDATE moved `next_run_at` forward from a time that had come — Postgres lets exactly one
 * concurrent claimer see the due row (the others wait for its row lock, then find it no longer due). A job
 * that fails is not retried at once but at its next time; a replica that dies mid-run costs one interval.
 * The first run is due at start (the row is created due).
 */
export function startJob(o: JobRunnerOptions, job: JobDefinition): JobHandle {
  const now = o.now ?? (() => new Date());
  const table = `${ident(o.schema)}.jobs`;
  const log = o.logger.child({ job: job.name });
  const owner = `${hostname()}:${process.pid}`;
  let running: Promise<boolean> | undefined;
  let stopped = false;

  async function claim(): Promise<boolean> {
    const at = now();
    const em = o.orm.em.fork();
    await em.execute(`insert into ${table} (name, next_run_at) values (?, ?) on conflict (name) do nothing`, [job.name, at]);
    const rows = await em.execute<{ name: string }[]>(
      `update ${table} set next_run_at = ?::timestamptz + make_interval(secs => ?), last_started_at = ?, runs = runs + 1
        where name = ? and next_run_at <= ? returning name`,
      [at, job.intervalMs / 1000, at, job.name, at],
    );
    return rows.length === 1;
  }

  async function finish(error: unknown) {
    const message = error === undefined ? null : `${owner}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 2000);
    await o.orm.em
      .fork()
      .execute(`update ${table} set last_finished_at = ?, last_error = ? where name = ?`, [now(), message, job.name])
      .catch((err: unknown) => log.warn({ err }, 'could not record the outcome of a job run'));
  }

  async function once(): Promise<boolean> {
    if (stopped || !(await claim())) return false;
    const started = performance.now();
    try {
      await job.run();
      await finish(undefined);
      log.debug({ ms: Math.round(performance.now() - started) }, 'job ran');
    } catch (err) {
      log.error({ err }, 'job failed; it runs again at its next time');
      await finish(err);
    }
    return true;
  }

  const tick = () =>
    (running ??= context
      .with(ROOT_CONTEXT, once)
      .catch((err: unknown) => {
        log.warn({ err }, 'could not claim the job (will try again)');
        return false;
      })
      .finally(() => (running = undefined)));

  const timer = setInterval(() => void tick(), o.pollMs ?? Math.min(job.intervalMs, 5_000));
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
