import type { FastifyInstance } from 'fastify';
import type { BaseConfig } from './config.ts';
import type { ServiceContext } from './service.ts';

/** Resolves with `fn`'s outcome, or a failure after `ms` (the check itself is left to finish in the background). */
async function bounded(fn: () => Promise<unknown>, ms: number): Promise<{ ok: boolean; ms: number; error?: string }> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((ok) => (timer = setTimeout(() => ok(`no answer within ${ms} ms`), ms)));
  const run = fn().then(
    () => undefined,
    (err: unknown) => (err instanceof Error ? err.message : String(err)),
  );
  try {
    const error = await Promise.race([run, timeout]);
    return { ok: error === undefined, ms: Math.round(performance.now() - start), ...(error ? { error } : {}) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes that tell the truth.
 * - `/readyz` (take traffic?): one round trip through each connection pool and the bus state, each bounded by
 *   READY_CHECK_TIMEOUT_MS, so it answers in bounded time and says which check failed.
 * - `/healthz` (keep running?): fails only when the process cannot recover by itself — a connection pool that
 *   has handed out nothing for HEALTH_WEDGED_AFTER_MS while every slot is taken and callers wait. A database
 *   that is down is a readiness matter, not a reason to restart.
 */
export function healthRoutes(app: FastifyInstance, ctx: ServiceContext<BaseConfig>) {
  const c = ctx.config;
  let reportedWedged = false;

  app.get('/healthz', async (_req, reply) => {
    const wedged = ctx
      .pools()
      .map((g) => ({ ...g.stats(), wedgedForMs: g.wedgedForMs() }))
      .filter((p) => p.wedgedForMs > c.HEALTH_WEDGED_AFTER_MS);
    if (wedged.length === 0) {
      reportedWedged = false;
      return { status: 'ok' };
    }
    if (!reportedWedged) ctx.logger.error({ pools: wedged }, 'connection pool wedged: liveness fails so the process is restarted');
    reportedWedged = true;
    return reply.status(503).send({ status: 'wedged', pools: wedged });
  });

  app.get('/readyz', async (_req, reply) => {
    const t = c.READY_CHECK_TIMEOUT_MS;
    const [orm, reader] = await Promise.all([bounded(() => ctx.orm.em.fork().execute('select 1'), t), bounded(() => ctx.reader.ping(), t)]);
    const db = {
      ok: orm.ok && reader.ok,
      ms: Math.max(orm.ms, reader.ms),
      ...(orm.error || reader.error ? { error: orm.error ?? reader.error } : {}),
      pools: ctx.pools().map((g) => g.stats()),
    };
    const bus = { ok: ctx.bus.isHealthy(), kind: ctx.bus.kind };
    const ready = db.ok && bus.ok;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: { db, bus } });
  });
}
