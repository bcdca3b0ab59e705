import type { RawServerBase, FastifyReply, RouteGenericInterface } from 'fastify';
import { RETRY_AFTER_SECONDS, bodyTooLargeMessage, statusText, type Logger } from '@billpoint/kit';
import { API_SECURITY_HEADERS } from './proxy.routes.ts';

/** The codes undici and @fastify/reply-from give a failed upstream call, by what they mean for the caller. */
const UNAVAILABLE = new Set([
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE', // ECONNREFUSED: nothing listens (down, restarting, not yet ready)
  'ECONNREFUSED',
  'ECONNRESET', // the service went away mid-request (killed, crashed, closed the keep-alive socket)
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND', // its DNS name is gone (a pod being replaced)
  'EAI_AGAIN',
  'FST_REPLY_FROM_BAD_GATEWAY', // it answered something that is not HTTP
]);
const TIMEOUT = new Set([
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_HTTP_REQUEST_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

const codes = (err: unknown): string[] => {
  const out: string[] = [];
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++)
    if (typeof e.code === 'string') out.push(e.code);
  return out;
};

/** 503 for an upstream that is down or went away, 504 for one that did not answer in time, else 500 (ours). */
export function upstreamStatus(err: unknown): 503 | 504 | 500 {
  const c = codes(err);
  if (c.some((x) => TIMEOUT.has(x))) return 504;
  if (c.some((x) => UNAVAILABLE.has(x))) return 503;
  return 500;
}

const MESSAGES = {
  503: 'The service is temporarily unavailable. Please try again in a moment.',
  504: 'The service took too long to answer. Please try again.',
  500: 'Something went wrong on our side. Please try again.',
} as const;

/**
 * reply-from's `onError` for every proxied route: a 413 when the gateway cut the body off at the route's limit,
 * nothing when the client itself went away; else the usual JSON error body and security headers, `Retry-After` on a
 * 503, and a warning (not an error: the upstream's own logs tell why) naming the upstream. Only a failure that is
 * not the upstream's — a bug of ours — answers 500 and logs at error.
 */
export function onUpstreamError(upstream: string, logger: Logger) {
  return (reply: FastifyReply<RouteGenericInterface, RawServerBase>, { error }: { error: Error }) => {
    // The gateway itself cut the body off at the route's limit (transport.ts limitBody): the caller's fault, a 413.
    const over = reply.request.bodyOverLimit;
    if (over !== undefined) {
      if (reply.sent) return;
      void reply.headers(API_SECURITY_HEADERS);
      void reply
        .code(413)
        .type('application/json')
        .send({ statusCode: 413, error: statusText(413), message: bodyTooLargeMessage(over) });
      return;
    }
    // The client went away mid-request (a body cut short): nobody to answer, and not the upstream's failure.
    if (reply.request.raw.destroyed && !reply.request.raw.complete) {
      logger.debug({ upstream, url: reply.request.url }, 'the client closed the connection mid-request');
      return;
    }
    const status = upstreamStatus(error);
    const log = { upstream, url: reply.request.url, code: codes(error).join(' < ') || undefined, err: error };
    if (status === 500) logger.error(log, 'proxy failed');
    else logger.warn(log, status === 503 ? 'upstream unavailable' : 'upstream timed out');
    if (reply.sent) return;
    void reply.headers(API_SECURITY_HEADERS);
    if (status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    void reply
      .code(status)
      .type('application/json')
      .send({ statusCode: status, error: statusText(status), message: MESSAGES[status] });
  };
}
