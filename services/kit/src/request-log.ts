import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from './logger.ts';

/** A request that took longer than this is logged at info; every other one only at debug. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * Fastify's per-request lines, cut from two at info ("incoming request", "request completed") to one at the end:
 * at debug, or at info when the request was slow. A reply that failed while being sent stays an error. Failures
 * are logged where they are handled (the error handler, the gateway's proxy), so at the default level a healthy
 * request writes no log line, in every process it passes through.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    const ms = reply.elapsedTime;
    const slow = ms >= SLOW_REQUEST_MS;
    if (!slow && !(request.log as Logger).isLevelEnabled('debug')) return;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) };
    if (slow) request.log.info(line, 'slow request');
    else request.log.debug(line, 'request completed');
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes pino's child (with the request id) only when something is written at an enabled
 * level: Fastify makes one child per request, and most requests write nothing (see RequestLogController).
 */
class LazyChildLogger {
  readonly #parent: Logger;
  readonly #bindings: Record<string, unknown>;
  #child: Logger | undefined;
  constructor(parent: Logger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }
  #real(): Logger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }
  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  bindings() {
    return this.#real().bindings();
  }
  child(bindings: Record<string, unknown>, options?: Parameters<Logger['child']>[1]) {
    return this.#real().child(bindings, options);
  }
  silent() {}
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  #write(level: Level, args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: the request's logger is made when first written to (a route's own log level
 * still gets pino's child at once).
 */
export function lazyChildLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: Parameters<Logger['child']>[1],
): FastifyBaseLogger {
  if (options && Object.keys(options).length) return logger.child(bindings, options);
  return new LazyChildLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger;
}
