import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, RequestLogController } from '../src/request-log.ts';

/** A pino logger at `level` whose lines the test reads. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level, redact: { paths: ['*.password'], censor: '[redacted]' } },
    { write: (l: string) => void lines.push(JSON.parse(l)) },
  );
  let children = 0;
  // Counts children made (pino's children inherit this method: it must apply to whichever logger it is called on).
  const child = logger.child;
  logger.child = function (this: typeof logger, ...a: Parameters<typeof child>) {
    children++;
    return child.apply(this, a);
  } as typeof logger.child;
  return { logger, lines, children: () => children };
}

async function appWith(level: string) {
  const c = capture(level);
  const app = Fastify({
    loggerInstance: c.logger as FastifyBaseLogger,
    logController: new RequestLogController(),
    childLoggerFactory: lazyChildLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (req) => {
    req.log.info({ user: { password: 'secret' } }, 'hello');
    req.log.debug('not at info');
    return { ok: true };
  });
  app.get('/fail', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, ...c };
}

describe('request loggers made when first written to', () => {
  it('make no pino child for a request that writes nothing', async () => {
    const { app, lines, children } = await appWith('info');
    const before = children();
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(children()).toBe(before);
    expect(lines).toHaveLength(0);
    await app.close();
  });

  it('write as pino’s child would: the request id, the level, redaction; nothing below the level', async () => {
    const { app, lines } = await appWith('info');
    const res = await app.inject({ url: '/loud', headers: {} });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'hello', reqId: expect.any(String), user: { password: '[redacted]' } });
    const failed = await app.inject('/fail');
    expect(failed.statusCode).toBe(500);
    expect(lines.some((l) => l.level === 50 && l.reqId !== undefined && (l.err as { message?: string })?.message === 'boom')).toBe(true);
    await app.close();
  });

  it('answer level and isLevelEnabled like the logger they stand for', async () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLogger(logger as FastifyBaseLogger, { reqId: 'r1' }, {}) as FastifyBaseLogger & {
      isLevelEnabled(l: string): boolean;
    };
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('error')).toBe(true);
    log.child({ a: 1 }).warn('from a child');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r1', a: 1, msg: 'from a child' })]);
  });
});
