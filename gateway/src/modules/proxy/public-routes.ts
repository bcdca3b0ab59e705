import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import replyFrom from '@fastify/reply-from';
import { context, propagation } from '@opentelemetry/api';
import { Redis } from 'ioredis';
import { TooManyRequests, type Logger } from '@billpoint/kit';
import { CLIENT_IP_HEADER, HOST_TENANT_HEADER } from '@billpoint/proto';
import { DEFAULT_PUBLIC_BODY_LIMIT, DEFAULT_PUBLIC_RATE_LIMIT, type PublicRoute } from '@billpoint/proto/services';
import { API_SECURITY_HEADERS, HOP_HEADERS, IDENTITY_HEADERS } from './proxy.routes.ts';
import type { Upstream } from './upstreams.ts';
import { onUpstreamError } from './upstream-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the CSRF check does not apply (a provider's webhook; see PublicRoute.csrf). */
    csrf?: boolean;
  }
}

/**
 * Per-IP rate limiting for the routes that ask for it (`config.rateLimit`): counters in memory, or in Redis when
 * REDIS_URL is set so that every gateway replica counts together. Over the limit: 429 with Retry-After and the
 * usual JSON error body. If Redis cannot be reached the request goes through (logged): the limit guards against
 * abuse, it is not what authorizes a call, and a provider's webhooks must not stop with Redis.
 */
export async function rateLimiting(app: FastifyInstance, o: { redisUrl?: string; logger: Logger }) {
  const redis = o.redisUrl
    ? new Redis(o.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (err) => o.logger.warn({ err }, 'rate limit store (Redis) unavailable; requests are not limited meanwhile'));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'billpoint-rl:' } : {}),
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => new TooManyRequests(`Too many requests: try again in ${ctx.after}`),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
}

/**
 * Forwarded headers: nothing that could pass for an identity (cookies, tokens, x-billpoint-*), no `expect` (the
 * gateway answered it), a request id, the trace, the client's IP address (CLIENT_IP_HEADER, set here only) and, on a
 * custom domain, its organization (HOST_TENANT_HEADER, set here only).
 */
function anonymousHeaders(req: FastifyRequest, headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [k, v] of Object.entries(headers)) if (!IDENTITY_HEADERS.test(k) && !HOP_HEADERS.test(k)) out[k] = v;
  out['x-request-id'] = req.id;
  out[CLIENT_IP_HEADER] = req.ip;
  // On an organization's verified custom domain: its tenant, so that the service answers only its own documents there.
  if (req.hostTenant) out[HOST_TENANT_HEADER] = req.hostTenant;
  propagation.inject(context.active(), out);
  return out;
}

const urlsOf = (r: PublicRoute) => (r.path !== undefined ? [r.path] : [r.prefix, `${r.prefix}/*`]);

/**
 * The services' public routes (pay pages, provider webhooks): forwarded with NO identity — no session lookup,
 * no internal token, cookies and identity headers dropped — limited per client IP, the body read (bounded by the
 * route's bodyLimit: 413 above it) and passed on byte for byte, so the service can check a signature over it.
 */
export async function publicRoutes(app: FastifyInstance, upstreams: readonly Upstream[], o: { timeoutMs: number; logger: Logger }) {
  for (const u of upstreams) {
    if (!u.public?.length) continue;
    await app.register(async (scope) => {
      await scope.register(replyFrom, {
        base: u.url,
        http2: false,
        disableRequestLogging: true,
        destroyAgent: true, // its connections to the service end with the gateway (after its requests drained)
        undici: { connections: 64, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs },
      });
      // Every body is read as bytes, whatever its type: the service gets exactly what the caller sent.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      for (const r of u.public!) {
        const limit = r.rateLimit ?? DEFAULT_PUBLIC_RATE_LIMIT;
        for (const url of urlsOf(r))
          scope.route({
            // HEAD is GET's twin on the same route, so that it counts against GET's per-IP allowance (a HEAD
            // route Fastify adds by itself would get a counter of its own).
            method: r.method === 'GET' ? ['GET', 'HEAD'] : r.method,
            url,
            bodyLimit: r.bodyLimit ?? DEFAULT_PUBLIC_BODY_LIMIT,
            config: {
              permission: 'public',
              helmet: { skipRoute: true },
              csrf: r.csrf ?? true,
              rateLimit: { max: limit.max, timeWindow: limit.windowSeconds * 1000 },
            },
            onRequest: async (_req, reply) => void reply.headers(API_SECURITY_HEADERS),
            handler: (req, reply) => {
              const body = Buffer.isBuffer(req.body) ? req.body : undefined;
              return reply.from(req.url, {
                ...(body ? { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' } : {}),
                rewriteRequestHeaders: (_r, headers) => anonymousHeaders(req, headers) as typeof headers,
                onError: onUpstreamError(u.name, o.logger),
              });
            },
          });
      }
    });
  }
}
