import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
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
