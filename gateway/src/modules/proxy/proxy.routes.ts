import type { FastifyInstance } from 'fastify';
import proxy from '@fastify/http-proxy';
import { context, propagation } from '@opentelemetry/api';
import { INTERNAL_TOKEN_HEADER } from '@billpoint/proto';
import { PayloadTooLarge, SERVICE_BODY_LIMIT, type Logger } from '@billpoint/kit';
import { onUpstreamError } from './upstream-errors.ts';
import type { SessionStore } from '../identity/session-store.ts';
import { sessionOf } from '../identity/access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    internalToken?: string;
  }
}

/** Security headers of every proxied API answer. */
export const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** Headers a client could use to pose as someone; never forwarded. */
export const IDENTITY_HEADERS =
  /^(cookie|authorization|proxy-authorization|x-billpoint-.*|x-tenant.*|x-user.*|x-forwarded-user|x-remote-user)$/i;

/**
 * `/api/<prefix>*` → the owning service, with a short-lived signed internal token (tenant, user, role)
 * instead of the session cookie.
 */
export async function proxyRoutes(
  app: FastifyInstance,
  o: {
    sessions: SessionStore;
    upstreams: { name: string; url: string; prefixes: string[]; bodyLimits?: Record<string, number> }[];
    timeoutMs: number;
    logger: Logger;
  },
) {
  app.decorateRequest('internalToken', undefined);
  await app.register(async (scope) => {
    // Every answer of these routes, a refusal before the proxy (401, 403) included, gets the API header set.
    scope.addHook('onRequest', async (_req, reply) => void reply.headers(API_SECURITY_HEADERS));
    for (const u of o.upstreams) {
      for (const prefix of u.prefixes) {
        const bodyLimit = u.bodyLimits?.[prefix] ?? SERVICE_BODY_LIMIT;
        await scope.register(proxy, {
          upstream: u.url,
          prefix,
          rewritePrefix: prefix,
          http2: false,
          disableRequestLogging: true, // reply-from's two info lines per request; the kit logs one at debug
          undici: { connections: 256, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs },
          // API answers are JSON, never rendered as a page: they get a fixed, locked-down header set instead of
          // the page policy @fastify/helmet computes per request (which costs a quarter of a proxy hop).
          // Any signed-in member passes here (accessControl finds the session); the service checks its route's permission.
          config: { helmet: { skipRoute: true }, permission: 'member' },
          preHandler: async (req) => {
            // Refused here, not by the service: a service refusing a body mid-upload closes the connection, which
            // the proxy could only report as an outage.
            if (Number(req.headers['content-length'] ?? 0) > bodyLimit)
              throw new PayloadTooLarge(`The request body is larger than ${bodyLimit / 1024 / 1024} MiB`);
            const s = sessionOf(req);
            const ua = req.headers['user-agent'];
            req.internalToken = o.sessions.token(s, { ip: req.ip, userAgent: typeof ua === 'string' ? ua : null });
          },
          replyOptions: {
            onError: onUpstreamError(u.name, o.logger),
            // `headers` is reply-from's own copy of the request's: edited in place rather than copied again.
            rewriteRequestHeaders: (req, headers: Record<string, string | string[] | undefined>) => {
              for (const k in headers) if (IDENTITY_HEADERS.test(k)) delete headers[k];
              headers[INTERNAL_TOKEN_HEADER] = (req as { internalToken?: string }).internalToken;
              headers['x-request-id'] = req.id;
              // Continue the request's trace in the service (traceparent/tracestate).
              propagation.inject(context.active(), headers);
              return headers as never;
            },
          },
        });
      }
    }
  });
}
