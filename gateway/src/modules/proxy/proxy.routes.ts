import type { FastifyInstance } from 'fastify';
import proxy from '@fastify/http-proxy';
import { context, propagation } from '@opentelemetry/api';
import { INTERNAL_TOKEN_HEADER } from '@billpoint/proto';
import { Readable } from 'node:stream';
import type { Logger } from '@billpoint/kit';
import { bodyLimitOf as registryBodyLimit } from '@billpoint/proto/services';
import { onUpstreamError } from './upstream-errors.ts';
import { limitBody } from '../web/transport.ts';
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

/**
 * Hop-by-hop headers of the client's connection to the gateway that reply-from does not drop itself: `expect`
 * (the gateway answered it; undici refuses a request carrying it).
 */
export const HOP_HEADERS = /^(expect)$/i;

/**
 * Headers a client could use to pose as someone; never forwarded. `bp-host-tenant` (HOST_TENANT_HEADER) is set only by
 * the gateway, on a custom domain's public and portal routes.
 */
export const IDENTITY_HEADERS =
  /^(cookie|authorization|proxy-authorization|x-billpoint-.*|x-tenant.*|x-user.*|x-forwarded-user|x-remote-user|bp-host-tenant)$/i;

/**
 * `/api/<prefix>*` → the owning service, with a short-lived signed internal token (tenant, user, role)
 * instead of the session cookie.
 */
export async function proxyRoutes(
  app: FastifyInstance,
  o: {
    sessions: SessionStore;
    upstreams: { name: string; url: string; prefixes: string[]; bodyLimits?: Readonly<Record<string, number>> }[];
    timeoutMs: number;
    logger: Logger;
  },
) {
  app.decorateRequest('internalToken', undefined);
  // Every answer of a proxied route carries the API security headers, the gateway's own refusals included (a 413
  // by Content-Length comes before any route handler).
  await app.register(async (scope) => {
    scope.addHook('onRequest', (_req, reply, done) => {
      void reply.headers(API_SECURITY_HEADERS);
      done();
    });
    for (const u of o.upstreams) {
      for (const prefix of u.prefixes) {
        await scope.register(proxy, {
          upstream: u.url,
          prefix,
          rewritePrefix: prefix,
          http2: false,
          disableRequestLogging: true, // reply-from's two info lines per request; the kit logs one at debug
          destroyAgent: true, // its connections to the service end with the gateway (after its requests drained)
          undici: { connections: 256, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs },
          // API answers are JSON, never rendered as a page: they get a fixed, locked-down header set instead of
          // the page policy @fastify/helmet computes per request (which costs a quarter of a proxy hop).
          // The body limit of each path (the registry's bodyLimits, the same the service reads up to): a declared
          // Content-Length over it is refused before anything is read (transport.ts), a body that grows past it while
          // it streams (chunked) is cut off at the limit below. Refused here, not by the service: a service refusing
          // a body mid-upload closes the connection, which the proxy could only report as an outage.
          // Any signed-in member passes here (accessControl finds the session); the service checks its route's permission.
          config: { helmet: { skipRoute: true }, permission: 'member', bodyLimitOf: (path: string) => registryBodyLimit(u, path) },
          preHandler: (req, _reply, done) => {
            const s = sessionOf(req);
            const ua = req.headers['user-agent'];
            req.internalToken = o.sessions.token(s, { ip: req.ip, userAgent: typeof ua === 'string' ? ua : null });
            if (req.body instanceof Readable) req.body = limitBody(req, req.body, registryBodyLimit(u, req.url.split('?')[0]!));
            done();
          },
          replyOptions: {
            onError: onUpstreamError(u.name, o.logger),
            // `headers` is reply-from's own copy of the request's: edited in place rather than copied again.
            rewriteRequestHeaders: (req, headers: Record<string, string | string[] | undefined>) => {
              for (const k in headers) if (IDENTITY_HEADERS.test(k) || HOP_HEADERS.test(k)) delete headers[k];
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
